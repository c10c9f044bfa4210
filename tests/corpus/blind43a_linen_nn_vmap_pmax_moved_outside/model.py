import flax.linen as nn
import jax.numpy as jnp
from jax import lax


class Member(nn.Module):
  hidden: int = 64

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    return nn.Dense(10)(h)


class Ensemble(nn.Module):
  num_members: int = 4

  @nn.compact
  def __call__(self, x):
    Members = nn.vmap(Member, in_axes=None, out_axes=0,
                      variable_axes={'params': 0}, split_rngs={'params': True},
                      axis_size=self.num_members, axis_name='member')
    # shared, numerically stable normaliser across ensemble members
    normalise = lambda l: l - lax.pmax(jnp.max(l, axis=-1, keepdims=True), 'member')
    logits = normalise(Members()(x))
    return jnp.mean(logits, axis=0)
