import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

import tpu_ops

SIZE = 4
mesh = Mesh(np.array(jax.devices()), (tpu_ops.RING_AXIS,))
row_sharded = NamedSharding(mesh, P(tpu_ops.RING_AXIS, None))


def gather_rows(x):
  # each device holds a [rows/SIZE, cols] block; collect everyone's block
  return tpu_ops.all_gather(x, SIZE)


gather_rows = jax.jit(gather_rows, in_shardings=row_sharded,
                      out_shardings=NamedSharding(mesh, P()))

if __name__ == "__main__":
  x = jax.ShapeDtypeStruct((SIZE * 8, 128), jnp.float32)
  gather_rows.trace(x).lower(lowering_platforms=("tpu",))
