from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((4,), ('model',), axis_types=(AxisType.Auto,))


class RowParallel(eqx.Module):
  weight: jax.Array

  def __call__(self, x):
    @partial(shard_map, mesh=mesh, in_specs=(P(None, 'model'), P('model', None)),
             out_specs=P(), check_vma=False)
    def mm(x, w):
      return lax.psum(x @ w, 'model')
    return mm(x, self.weight)


layer = RowParallel(jnp.ones((64, 16)))
f = eqx.filter_jit(lambda m, x: m(x))
params, static = eqx.partition(layer, eqx.is_array)
g = jax.jit(lambda p, x: f(eqx.combine(p, static), x))
print(g.trace(params, jnp.ones((8, 64))).lower(lowering_platforms=('cuda',)).as_text()[:60])
