from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ('i',))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', None), P('i', None)),
         out_specs=P('i', None))
def matmul_allgather(lhs_block, rhs_block):
  rhs = jax.lax.all_gather(rhs_block, 'i', tiled=True)
  return lhs_block @ rhs


def device_put(x, pspec):
  return jax.device_put(x, jax.sharding.NamedSharding(mesh, pspec))


def main():
  lhs_spec, rhs_spec = P('i', None), P('i', None)
  lhs = device_put(jax.random.normal(jax.random.key(0), (8, 8)), lhs_spec)
  rhs = device_put(jax.random.normal(jax.random.key(1), (8, 4)), rhs_spec)
  lowered = matmul_allgather.trace(lhs, rhs).lower(lowering_platforms=('tpu',))
  print(lowered.as_text()[:200])


if __name__ == '__main__':
  main()
