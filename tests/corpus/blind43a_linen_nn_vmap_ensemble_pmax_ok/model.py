import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class Member(nn.Module):
  hidden: int = 64

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    logits = nn.Dense(10)(h)
    # shared, numerically stable normaliser across ensemble members
    m = lax.pmax(jnp.max(logits, axis=-1, keepdims=True), 'member')
    return logits - m


class Ensemble(nn.Module):
  num_members: int = 4

  @nn.compact
  def __call__(self, x):
    Members = nn.vmap(Member, in_axes=None, out_axes=0,
                      variable_axes={'params': 0}, split_rngs={'params': True},
                      axis_size=self.num_members, axis_name='member')
    logits = Members()(x)
    return jnp.mean(logits, axis=0)
