from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import STAGE, pipeline_forward

N_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:N_STAGES]), (STAGE,))


@jax.jit
def forward(w, microbatches):
  f = jax.shard_map(partial(pipeline_forward, n_stages=N_STAGES), mesh=mesh,
                    in_specs=(P(STAGE), P()), out_specs=P(STAGE))
  per_stage = f(w, microbatches)          # [stages, n_micro, mb, d]
  return per_stage[-1]                    # the last stage holds the results


if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((N_STAGES, 256, 256), jnp.bfloat16)
  mbs = jax.ShapeDtypeStruct((8, 32, 256), jnp.bfloat16)
  forward.trace(w, mbs).lower(lowering_platforms=("cuda",))
