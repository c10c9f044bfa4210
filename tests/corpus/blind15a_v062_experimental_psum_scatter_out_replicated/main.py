import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:4]).reshape(2, 2), ('i', 'j'))


def matmul_psum_scatter(a_block, b_block):
  c_partialsum = jnp.matmul(a_block, b_block)
  return jax.lax.psum_scatter(c_partialsum, 'j', scatter_dimension=1, tiled=True)


matmul = shard_map(matmul_psum_scatter, mesh,
                   in_specs=(P('i', 'j'), P('j', None)),
                   out_specs=P('i', None))

a = jax.ShapeDtypeStruct((8, 16), jnp.float32, sharding=NamedSharding(mesh, P('i', 'j')))
b = jax.ShapeDtypeStruct((16, 4), jnp.float32, sharding=NamedSharding(mesh, P('j', None)))
jax.jit(matmul).trace(a, b).lower(lowering_platforms=('cuda',))
