import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class TPMLP(eqx.Module):
  up: eqx.nn.Linear
  down: eqx.nn.Linear
  axis_name: str = eqx.field(static=True)

  def __init__(self, d, hidden, axis_name, key):
    k1, k2 = jax.random.split(key)
    self.up = eqx.nn.Linear(d, hidden, key=k1)
    self.down = eqx.nn.Linear(hidden, d, use_bias=False, key=k2)
    self.axis_name = axis_name

  def __call__(self, x):
    h = jax.nn.gelu(self.up(x))
    return jax.lax.psum(self.down(h), self.axis_name)


def partition_specs(params, axis_name):
  specs = jax.tree.map(lambda _: P(), params)
  return eqx.tree_at(lambda m: (m.up.weight, m.up.bias, m.down.weight), specs,
                     (P(axis_name, None), P(axis_name), P(None, axis_name)))
