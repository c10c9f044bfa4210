from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("i", "j"))


@partial(jax.shard_map, mesh=mesh, in_specs=(P("i", "j"), P("j", None)), out_specs=P("i", "j"))
def block_matmul(a_blk, b_blk):
  # a_blk: (M/2, K/2), b_blk: (K/2, N) -> partial product summed over the j blocks of K,
  # then scattered so that every device keeps an (M/2, N/2) tile
  partial_c = a_blk @ b_blk
  return lax.psum_scatter(partial_c, "j", scatter_dimension=1, tiled=True)


@jax.jit
def whitened_projection(x, w):
  """(X W) with X block-distributed over both mesh axes; centre the result column-wise."""
  y = block_matmul(x, w)
  return y - jnp.mean(y, axis=0, keepdims=True)


if __name__ == "__main__":
  M, K, N = 4096, 1024, 512
  x = jax.ShapeDtypeStruct((M, K), jnp.float32, sharding=NamedSharding(mesh, P("i", "j")))
  w = jax.ShapeDtypeStruct((K, N), jnp.float32, sharding=NamedSharding(mesh, P("j", None)))
  whitened_projection.trace(x, w).lower(lowering_platforms=("cuda",))
