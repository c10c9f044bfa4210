import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from deq import DEQCell, fixed_point

mesh = Mesh(np.array(jax.devices()), ('data',))


class DEQClassifier(eqx.Module):
  cell: DEQCell
  head: eqx.nn.Linear

  def __init__(self, d, classes, *, key):
    k1, k2 = jax.random.split(key)
    self.cell = DEQCell(d, key=k1)
    self.head = eqx.nn.Linear(d, classes, key=k2)

  def __call__(self, x):
    z = fixed_point(self.cell, x, 'data')
    return jax.vmap(self.head)(z)


@eqx.filter_jit
def predict(model, x):
  return jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('data')),
                       out_specs=P('data'))(model, x)


if __name__ == '__main__':
  model = DEQClassifier(32, 10, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  fn = jax.jit(lambda p, x: predict(eqx.combine(p, static), x))
  fn.trace(params, jnp.ones((16, 32))).lower(lowering_platforms=('cuda',))
