import jax
import jax.numpy as jnp
from jax.sharding import Mesh

from pipeline.comm import STAGE_AXIS
from pipeline.gpipe import GPipe

NUM_STAGES, NUM_MB, MB, D = 4, 8, 4, 16
mesh = Mesh(jax.devices()[:NUM_STAGES], (STAGE_AXIS,))
pipe = GPipe(mesh, NUM_STAGES, NUM_MB)


def loss_fn(stage_ids, stage_ws, batch, targets):
    microbatches = batch.reshape(NUM_MB, MB, D)
    outs = pipe._stage_loop(stage_ids, stage_ws, microbatches)
    return jnp.mean((outs.reshape(-1, D) - targets) ** 2)


stage_ids = jnp.arange(NUM_STAGES)
stage_ws = jax.random.normal(jax.random.key(0), (NUM_STAGES, D, D)) * 0.1
batch = jnp.ones((NUM_MB * MB, D))
targets = jnp.zeros((NUM_MB * MB, D))

eval_loss = jax.jit(loss_fn)
print(eval_loss.trace(stage_ids, stage_ws, batch, targets).lower(lowering_platforms=("cuda",)).as_text()[:40])
