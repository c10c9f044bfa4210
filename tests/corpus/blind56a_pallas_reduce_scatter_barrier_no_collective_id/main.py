import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from rs_kernel import reduce_scatter

TP = 4
mesh = Mesh(np.array(jax.devices()), ("tp",))


def row_parallel_matmul(x, w):
  # x: [B, K/TP], w: [K/TP, N] -> partial [B, N]; reduce-scatter rows of the output
  partial_out = x @ w
  b, n = partial_out.shape
  chunks = partial_out.reshape(TP, b // TP, n)
  return reduce_scatter(chunks, "tp", TP)


fn = jax.jit(jax.shard_map(row_parallel_matmul, mesh=mesh,
                           in_specs=(P(None, "tp"), P("tp", None)),
                           out_specs=P("tp", None), check_vma=False))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((64, 1024), jnp.float32)
  w = jax.ShapeDtypeStruct((1024, 256), jnp.float32)
  fn.trace(x, w).lower(lowering_platforms=("tpu",))
