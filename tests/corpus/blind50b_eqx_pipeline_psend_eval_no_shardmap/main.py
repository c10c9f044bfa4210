import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh

from evaluate import eval_loss
from parallel.pipeline import PipelineStage
from parallel.spmd import run_pipeline

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))
model = PipelineStage(32, NUM_STAGES, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


def train_loss(params, mb, targets):
    m = eqx.combine(params, static)
    return jnp.mean((run_pipeline(m, mb, mesh) - targets) ** 2)


def val_loss(params, mb, targets):
    return eval_loss(eqx.combine(params, static), mb, targets)


mb = jnp.ones((NUM_STAGES * 2, 32))
targets = jnp.zeros((NUM_STAGES * 2, 32))
for fn in (train_loss, val_loss):
    lowered = jax.jit(fn).trace(params, mb, targets).lower(lowering_platforms=("cuda",))
    print(lowered.as_text()[:40])
