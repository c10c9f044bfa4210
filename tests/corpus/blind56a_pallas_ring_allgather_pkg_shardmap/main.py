import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from kernels import ring_all_gather

N = 4
mesh = Mesh(np.array(jax.devices()), ("x",))


def allgather_matmul(x_shard, w_shard):
  """x sharded on rows, w sharded on output columns: gather x, then local matmul."""
  x_full = ring_all_gather(x_shard, "x", N).reshape(-1, x_shard.shape[-1])
  return x_full @ w_shard


ag_matmul = jax.jit(
    jax.shard_map(allgather_matmul, mesh=mesh,
                  in_specs=(P("x", None), P(None, "x")),
                  out_specs=P(None, "x"),
                  check_vma=False))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((N * 64, 512), jnp.bfloat16)
  w = jax.ShapeDtypeStruct((512, N * 256), jnp.bfloat16)
  ag_matmul.trace(x, w).lower(lowering_platforms=("tpu",))
