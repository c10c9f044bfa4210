"""All-gather collective matmul (shard_map guide): the LHS row blocks travel around the ring
while each device multiplies them into its column block of RHS.  The ring step comes from
collectives.py and the loop is a lax.scan."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import collectives

devices = np.array(jax.devices())
mesh = Mesh(devices, ("i",))
size = len(devices)


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


f = jax.jit(shard_map(collective_matmul_allgather_lhs, mesh=mesh,
                      in_specs=(P("i", None), P(None, "i")), out_specs=P(None, "i"),
                      check_rep=False))

if __name__ == "__main__":
  lhs = jax.ShapeDtypeStruct((64, 256), jnp.float32)
  rhs = jax.ShapeDtypeStruct((256, 512), jnp.float32)
  f.trace(lhs, rhs).lower(lowering_platforms=("tpu",))
