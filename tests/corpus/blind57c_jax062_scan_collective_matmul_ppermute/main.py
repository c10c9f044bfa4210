from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("i",))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P("i", None), P(None, "i")), out_specs=P(None, "i"))
def matmul_allgather_overlapped(lhs_block, rhs_block):
  size = lax.psum(1, "i")
  idx = lax.axis_index("i")
  shift = partial(lax.ppermute, axis_name="i", perm=[(j, (j + 1) % size) for j in range(size)])
  rows = lhs_block.shape[0]
  out0 = lax.pvary(jnp.zeros((rows * size, rhs_block.shape[1]), lhs_block.dtype), "i")

  def body(carry, i):
    lhs, out = carry
    src = (idx - i) % size
    out = lax.dynamic_update_slice_in_dim(out, lhs @ rhs_block, src * rows, axis=0)
    return (shift(lhs), out), None

  (_, out), _ = lax.scan(body, (lhs_block, out0), jnp.arange(size))
  return out


def main():
  lhs = jax.ShapeDtypeStruct((64, 256), jnp.bfloat16)
  rhs = jax.ShapeDtypeStruct((256, 512), jnp.bfloat16)
  matmul_allgather_overlapped.trace(lhs, rhs).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
