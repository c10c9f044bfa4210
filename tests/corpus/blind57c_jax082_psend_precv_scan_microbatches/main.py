from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from pp.schedule import AXIS, gpipe_forward

N_STAGES, N_MB, MB, D = 4, 8, 16, 256


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))

  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(AXIS), P()), out_specs=P(AXIS), check_rep=False)
  def pipeline(w_stacked, microbatches):
    return gpipe_forward(w_stacked[0], microbatches, N_STAGES)[None]

  w = jax.ShapeDtypeStruct((N_STAGES, D, D), jnp.bfloat16)
  mbs = jax.ShapeDtypeStruct((N_MB, MB, D), jnp.bfloat16)
  pipeline.trace(w, mbs).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
