import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


class Member(nn.Module):
  hidden: int
  num_classes: int
  member_axis: str = 'ensemble'

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    logits = nn.Dense(self.num_classes)(h)
    # Distillation target: the ensemble-mean prediction, shared by every member.
    mean_probs = jax.lax.pmean(jax.nn.softmax(logits), self.member_axis)
    return logits, jax.lax.stop_gradient(mean_probs)


class DeepEnsemble(nn.Module):
  num_members: int
  hidden: int = 32
  num_classes: int = 5

  @nn.compact
  def __call__(self, x):
    members = nn.vmap(
        Member,
        variable_axes={'params': 0},
        split_rngs={'params': True},
        in_axes=None,
        out_axes=0,
        axis_size=self.num_members,
        axis_name='members',
    )
    return members(self.hidden, self.num_classes, name='members')(x)
