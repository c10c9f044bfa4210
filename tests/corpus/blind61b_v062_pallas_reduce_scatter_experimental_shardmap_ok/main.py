from functools import partial

import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import NamedSharding, PartitionSpec as P

from kernels import reduce_scatter

N = 4
ROWS, COLS = 8, 128
mesh = jax.make_mesh((N,), ("x",))


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(None, "x"), P("x", None)),
         out_specs=P("x"), check_rep=False)
def row_parallel_matmul(x, w):
  # Each device holds a slice of the contraction dim: partial sums everywhere.
  partial_out = jnp.dot(x, w, preferred_element_type=jnp.float32)
  blocks = partial_out.reshape(N, ROWS, COLS)
  return reduce_scatter(blocks, axis_name="x", num_devices=N)


def main():
  x = jax.ShapeDtypeStruct((N * ROWS, 512), jnp.float32,
                           sharding=NamedSharding(mesh, P(None, "x")))
  w = jax.ShapeDtypeStruct((512, COLS), jnp.float32,
                           sharding=NamedSharding(mesh, P("x", None)))
  lowered = row_parallel_matmul.trace(x, w).lower(lowering_platforms=("tpu",))
  print(lowered.as_text()[:200])


if __name__ == "__main__":
  main()
