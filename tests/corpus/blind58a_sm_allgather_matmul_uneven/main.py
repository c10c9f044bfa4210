"""All-gather matmul from the shard_map doc, with the user's own layer sizes."""
from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec

P = PartitionSpec

devices = np.array(jax.devices()[:4])
mesh = Mesh(devices, axis_names=('i',))

# hidden width chosen to match an existing checkpoint
BATCH, D_IN, D_OUT = 16, 6, 32


def matmul_allgather(lhs_block, rhs_block):
  rhs = jax.lax.all_gather(rhs_block, 'i', tiled=True)
  return lhs_block @ rhs


sharded_matmul = jax.shard_map(
    matmul_allgather,
    mesh=mesh,
    in_specs=(P('i', None), P('i', None)),
    out_specs=P('i', None),
)
sharded_matmul = jax.jit(sharded_matmul)


def main():
  lhs = jax.ShapeDtypeStruct((BATCH, D_IN), jnp.float32,
                             sharding=NamedSharding(mesh, P('i', None)))
  rhs = jax.ShapeDtypeStruct((D_IN, D_OUT), jnp.float32,
                             sharding=NamedSharding(mesh, P()))
  sharded_matmul.trace(lhs, rhs).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
