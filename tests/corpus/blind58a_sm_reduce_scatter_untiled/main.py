"""Reduce-scatter matmul: contract over the 'j'-sharded dim, scatter rows over 'j'."""
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('i', 'j'))


def local_matmul(a, b):
  return jnp.dot(a, b, preferred_element_type=jnp.float32)


@partial(shard_map, mesh=mesh, in_specs=(P('i', 'j'), P('j', None)),
         out_specs=P(('i', 'j'), None))
def matmul_reduce_scatter(a_block, b_block):
  c_partial = local_matmul(a_block, b_block)
  # sum the partial products over 'j' and keep only this device's slice of rows
  return lax.psum_scatter(c_partial, 'j', scatter_dimension=0)


def run():
  a = jax.ShapeDtypeStruct((16, 32), jnp.bfloat16,
                           sharding=NamedSharding(mesh, P('i', 'j')))
  b = jax.ShapeDtypeStruct((32, 64), jnp.bfloat16,
                           sharding=NamedSharding(mesh, P('j', None)))
  return jax.jit(matmul_reduce_scatter).trace(a, b).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  run()
