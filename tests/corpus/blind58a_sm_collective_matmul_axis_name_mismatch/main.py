import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from collective import matmul_allgather_overlapped

mesh = Mesh(np.array(jax.devices()), ('x',))

overlapped = jax.jit(
    jax.shard_map(matmul_allgather_overlapped, mesh=mesh,
                  in_specs=(P('x', None), P('x', None)),
                  out_specs=P('x', None)))

if __name__ == '__main__':
  shard = NamedSharding(mesh, P('x', None))
  lhs = jax.ShapeDtypeStruct((32, 64), jnp.float32, sharding=shard)
  rhs = jax.ShapeDtypeStruct((64, 16), jnp.float32, sharding=shard)
  overlapped.trace(lhs, rhs).lower(lowering_platforms=('tpu',))
