"""Reduce-scatter collective matmul from the shard_map guide: partial products travel
around the ring with ppermute while each device adds its contribution."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("i",))
size = mesh.shape["i"]


@jax.jit
@jax.shard_map(mesh=mesh, in_specs=(P(None, "i"), P("i", None)), out_specs=P("i", None))
def matmul_reduce_scatter(lhs_block, rhs_block):
  # lhs_block: [M, K/size], rhs_block: [K/size, N] -> this device's [M/size, N] rows
  idx = lax.axis_index("i")
  chunk = lhs_block.shape[0] // size
  shift = [(j, (j + 1) % size) for j in range(size)]

  def body(i, accum):
    c = (idx + size - 1 - i) % size
    accum = accum + lax.dynamic_slice_in_dim(lhs_block, c * chunk, chunk, 0) @ rhs_block
    return lax.ppermute(accum, "i", shift)

  accum = jnp.zeros((chunk, rhs_block.shape[1]), lhs_block.dtype)
  accum = lax.pcast(accum, "i", to="varying")
  accum = lax.fori_loop(0, size - 1, body, accum)
  return accum + lax.dynamic_slice_in_dim(lhs_block, idx * chunk, chunk, 0) @ rhs_block


if __name__ == "__main__":
  lhs = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=NamedSharding(mesh, P(None, "i")))
  rhs = jax.ShapeDtypeStruct((256, 128), jnp.float32, sharding=NamedSharding(mesh, P("i", None)))
  matmul_reduce_scatter.trace(lhs, rhs).lower(lowering_platforms=("tpu",))
