from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import model
from parallel.ops import STAGE_AXIS

mesh = Mesh(np.array(jax.devices()), (STAGE_AXIS,))
n_stages = mesh.shape[STAGE_AXIS]


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P(STAGE_AXIS), P(STAGE_AXIS), P(STAGE_AXIS)),
         out_specs=P(STAGE_AXIS), check_vma=False)
def pipeline_tick(w, b, x):
  return model.stage_forward(w[0], b[0], x)


if __name__ == "__main__":
  d = 256
  w = jax.ShapeDtypeStruct((n_stages, d, d), jnp.float32)
  b = jax.ShapeDtypeStruct((n_stages, d), jnp.float32)
  x = jax.ShapeDtypeStruct((n_stages * 32, d), jnp.float32)
  pipeline_tick.trace(w, b, x).lower(lowering_platforms=("tpu",))
