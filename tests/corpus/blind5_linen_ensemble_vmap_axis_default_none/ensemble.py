from typing import Optional

import jax
import flax.linen as nn


class Member(nn.Module):
  num_classes: int
  member_axis: str = 'ensemble'

  @nn.compact
  def __call__(self, x, train: bool = False):
    x = nn.Dense(32)(x)
    x = nn.Dropout(0.1, deterministic=not train)(x)
    x = nn.relu(x)
    logits = nn.Dense(self.num_classes)(x)
    # calibrate each member against the ensemble mean
    return logits - jax.lax.pmean(logits, self.member_axis)


class Ensemble(nn.Module):
  num_members: int
  num_classes: int = 10
  axis_name: Optional[str] = None

  @nn.compact
  def __call__(self, x, train: bool = False):
    members = nn.vmap(Member, in_axes=(None, None), out_axes=0,
                      variable_axes={'params': 0}, split_rngs={'params': True, 'dropout': True},
                      axis_size=self.num_members, axis_name=self.axis_name)
    return members(self.num_classes)(x, train)
