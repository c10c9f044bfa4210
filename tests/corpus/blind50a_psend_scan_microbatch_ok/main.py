from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

import stages

NUM_STAGES = 4
mesh = jax.make_mesh((NUM_STAGES,), (stages.STAGE,))

forward = jax.shard_map(
    partial(stages.gpipe_forward, num_stages=NUM_STAGES),
    mesh=mesh,
    in_specs=(P(stages.STAGE), P()),      # one weight block per stage
    out_specs=P(None, stages.STAGE),      # outputs of every stage, per microbatch
)
forward = jax.jit(forward)

w = jnp.ones((NUM_STAGES * 16, 16), jnp.float32)   # stacked per-stage weights
mbs = jnp.ones((6, 8, 16), jnp.float32)             # 6 microbatches of 8x16
print(forward.trace(w, mbs).lower(lowering_platforms=("cuda",)).as_text()[:40])
