import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from schedule import STAGE, gpipe_forward

N_STAGES, N_MB, MB, D, F = 4, 8, 16, 256, 1024

mesh = Mesh(np.array(jax.devices()), (STAGE,))


@jax.jit
def pipelined_loss(weights, batch, targets):
  mbs = batch.reshape(N_MB, MB, D)
  run = jax.shard_map(functools.partial(gpipe_forward, n_stages=N_STAGES), mesh=mesh,
                      in_specs=(P(STAGE), P()), out_specs=P(STAGE))
  outs = run(weights, mbs)                       # [N_STAGES * N_MB, MB, D]
  preds = outs[-N_MB:].reshape(-1, D)            # last stage's block
  return jnp.mean((preds - targets) ** 2)


if __name__ == "__main__":
  weights = {"w1": jax.ShapeDtypeStruct((N_STAGES, D, F), jnp.float32),
             "w2": jax.ShapeDtypeStruct((N_STAGES, F, D), jnp.float32)}
  batch = jax.ShapeDtypeStruct((N_MB * MB, D), jnp.float32)
  pipelined_loss.trace(weights, batch, batch).lower(lowering_platforms=("tpu",))
