import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class ColumnLinear(eqx.Module):
  weight: jax.Array

  def __init__(self, din, dout, *, key):
    self.weight = jax.random.normal(key, (din, dout)) / jnp.sqrt(din)

  def __call__(self, x):
    return x @ self.weight


class RowLinear(eqx.Module):
  weight: jax.Array
  axis_name: str = eqx.field(static=True)

  def __init__(self, din, dout, axis_name, *, key):
    self.weight = jax.random.normal(key, (din, dout)) / jnp.sqrt(din)
    self.axis_name = axis_name

  def __call__(self, x):
    return lax.psum(x @ self.weight, self.axis_name)


class TPMLP(eqx.Module):
  up: ColumnLinear
  down: RowLinear

  def __init__(self, d, hidden, axis_name, *, key):
    k1, k2 = jax.random.split(key)
    self.up = ColumnLinear(d, hidden, key=k1)
    self.down = RowLinear(hidden, d, axis_name, key=k2)

  def __call__(self, x):
    return x + self.down(jax.nn.gelu(self.up(x)))


def tp_specs(model, axis):
  from jax.sharding import PartitionSpec as P
  specs = jax.tree.map(lambda _: P(), model)
  specs = eqx.tree_at(lambda m: m.up.weight, specs, P(None, axis))
  specs = eqx.tree_at(lambda m: m.down.weight, specs, P(axis, None))
  return specs
