import argparse
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from mylib.parallel import make_mesh

parser = argparse.ArgumentParser()
parser.add_argument('--m', type=int, default=8)
parser.add_argument('--k', type=int, default=16)
parser.add_argument('--n', type=int, default=4)
args = parser.parse_args()

mesh = make_mesh((2, 2), ('i', 'j'))

a = jnp.arange(args.m * args.k, dtype=jnp.float32).reshape(args.m, args.k)
b = jnp.arange(args.k * args.n, dtype=jnp.float32).reshape(args.k, args.n)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P('i', 'j'), P('j', None)),
         out_specs=P('i', 'j'))
def matmul_reduce_scatter(a_block, b_block):
  c_partialsum = jnp.dot(a_block, b_block)
  c_block = jax.lax.psum_scatter(c_partialsum, 'j', scatter_dimension=1, tiled=True)
  return c_block


if __name__ == '__main__':
  lowered = matmul_reduce_scatter.trace(a, b).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:200])
