import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

devices = np.array(jax.devices()[:4])
mesh = Mesh(devices, axis_names=('i',))


def matmul_psumscatter(lhs_block, rhs_block):
  out_summand = lhs_block @ rhs_block
  return lax.psum_scatter(out_summand, 'i', scatter_dimension=0, tiled=True)


matmul = jax.shard_map(matmul_psumscatter, mesh=mesh,
                       in_specs=(P(None, 'i'), P('i', None)), out_specs=P('i', None))

lhs = jnp.ones((8, 16), jnp.float32)
rhs = jnp.ones((16, 12), jnp.float32)
txt = jax.jit(matmul).trace(lhs, rhs).lower(lowering_platforms=('cuda',)).as_text()
print("ok", "reduce_scatter" in txt)
