import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

AX = 'i'
mesh = Mesh(np.array(jax.devices()), (AX,))
size = len(jax.devices())
right = [(j, (j + 1) % size) for j in range(size)]
left = [(j, (j - 1) % size) for j in range(size)]


def exchange_both(block):
  # send our block both ways in one collective
  return jax.lax.ppermute(block, AX, perm=right + left)


def matmul_allgather(lhs, rhs):
  out = lhs @ rhs
  blk = lhs
  for _ in range(size - 1):
    blk = exchange_both(blk)
    out = out + blk @ rhs
  return out


def main():
  f = jax.jit(jax.shard_map(matmul_allgather, mesh=mesh, in_specs=(P(AX, None), P()),
                            out_specs=P(AX, None)))
  f.trace(jnp.ones((32, 16)), jnp.ones((16, 8))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
