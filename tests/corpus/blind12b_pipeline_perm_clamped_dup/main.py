from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import STAGE, spmd_pipeline


def main():
  n = len(jax.devices())
  mesh = Mesh(np.array(jax.devices()), (STAGE,))
  run = jax.jit(jax.shard_map(partial(spmd_pipeline, n_stages=n), mesh=mesh,
                              in_specs=(P(STAGE), P()), out_specs=P(STAGE)))
  w = jnp.ones((n, 32, 32)) * 0.1
  mbs = jnp.ones((8, 4, 32))
  run.trace(w, mbs).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
