"""Collective matmul from the shard_map guide, emulating the 4-way ring with
jax.vmap(axis_name='i') (one row of the stacked inputs per 'device'), which is how the
ppermute version was unit-tested.  The ring step comes from collectives.py."""
import jax
import jax.numpy as jnp
from jax import lax

import collectives

size = 4


def collective_matmul_allgather_lhs(lhs_block, rhs_block):
  idx = lax.axis_index("i")
  chunk = lhs_block.shape[0]
  out = jnp.zeros((chunk * size, rhs_block.shape[1]), lhs_block.dtype)

  def step(carry, i):
    out, lhs_block = carry
    src = (idx - i) % size
    out = lax.dynamic_update_slice_in_dim(out, lhs_block @ rhs_block, src * chunk, axis=0)
    lhs_block = collectives.ring_shift(lhs_block, "i", size)
    return (out, lhs_block), None

  (out, lhs_block), _ = lax.scan(step, (out, lhs_block), jnp.arange(size - 1))
  src = (idx + 1) % size
  return lax.dynamic_update_slice_in_dim(out, lhs_block @ rhs_block, src * chunk, axis=0)


emulated = jax.jit(jax.vmap(collective_matmul_allgather_lhs, axis_name="i"))

if __name__ == "__main__":
  lhs = jax.ShapeDtypeStruct((size, 16, 256), jnp.float32)   # [device, rows/device, k]
  rhs = jax.ShapeDtypeStruct((size, 256, 128), jnp.float32)  # [device, k, cols/device]
  emulated.trace(lhs, rhs).lower(lowering_platforms=("tpu",))
