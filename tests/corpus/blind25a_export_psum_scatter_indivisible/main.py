from functools import partial

import jax
import jax.numpy as jnp
from jax import export
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Explicit,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(None, 'i'), P('i', None)), out_specs=P('i', None))
def matmul_rs(a, b):
  c = a @ b
  return jax.lax.psum_scatter(c, 'i', scatter_dimension=0, tiled=True)


a = jax.ShapeDtypeStruct((6, 32), jnp.float32, sharding=jax.NamedSharding(mesh, P(None, 'i')))
b = jax.ShapeDtypeStruct((32, 8), jnp.float32, sharding=jax.NamedSharding(mesh, P('i', None)))
exp = export.export(matmul_rs, platforms=['cuda'])(a, b)
print(exp.out_avals)
