import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class FeedForward(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear

  def __init__(self, dim, hidden, *, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(dim, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, dim, use_bias=False, key=k2)

  def __call__(self, x, axis):
    # up is column-parallel: each shard computes hidden/n of the features
    h = jax.nn.gelu(self.up(x))
    # down is row-parallel: partial sums are reduced over the tensor axis
    return lax.psum(self.down(h), axis)


def param_specs(params, P, axis):
  specs = jax.tree.map(lambda _: P(), params)
  return eqx.tree_at(
      lambda m: (m.up.weight, m.up.bias, m.down.weight),
      specs,
      (P(axis, None), P(axis), P()),
  )
