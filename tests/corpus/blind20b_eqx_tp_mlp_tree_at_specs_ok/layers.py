import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class ParallelMLP(eqx.Module):
  w_in: jax.Array
  b_in: jax.Array
  w_out: jax.Array
  b_out: jax.Array
  axis: str = eqx.field(static=True)

  def __init__(self, d, hidden, axis, key):
    k1, k2 = jax.random.split(key)
    self.w_in = jax.random.normal(k1, (d, hidden)) / jnp.sqrt(d)
    self.b_in = jnp.zeros((hidden,))
    self.w_out = jax.random.normal(k2, (hidden, d)) / jnp.sqrt(hidden)
    self.b_out = jnp.zeros((d,))
    self.axis = axis

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.w_in + self.b_in)
    return lax.psum(h @ self.w_out, self.axis) + self.b_out


class Net(eqx.Module):
  blocks: list
  readout: eqx.nn.Linear

  def __init__(self, d, hidden, depth, axis, key):
    keys = jax.random.split(key, depth + 1)
    self.blocks = [ParallelMLP(d, hidden, axis, k) for k in keys[:-1]]
    self.readout = eqx.nn.Linear(d, 1, key=keys[-1])

  def __call__(self, x):
    for blk in self.blocks:
      x = x + blk(x)
    return jax.vmap(self.readout)(x)


def tp_specs(model, axis):
  specs = jax.tree.map(lambda _: P(), model)
  for i in range(len(model.blocks)):
    specs = eqx.tree_at(
        lambda s: (s.blocks[i].w_in, s.blocks[i].b_in, s.blocks[i].w_out), specs,
        (P(None, axis), P(axis), P(axis, None)))
  return specs


from jax.sharding import PartitionSpec as P  # noqa: E402
