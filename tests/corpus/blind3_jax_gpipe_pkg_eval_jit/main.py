"""Launch a 4-stage GPipe forward pass, one stage per GPU."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import config
from pipeline.schedule import gpipe_forward
from pipeline.stage import init_stage_params

mesh = Mesh(np.array(jax.devices()[: config.NUM_STAGES]), (config.STAGE_AXIS,))
params = init_stage_params(jax.random.key(0), config.NUM_STAGES, config.D_MODEL)
batch = jnp.ones((config.NUM_MICROBATCHES, config.MICROBATCH, config.D_MODEL))

pipelined = jax.shard_map(
    partial(gpipe_forward, num_stages=config.NUM_STAGES),
    mesh=mesh,
    in_specs=(P(config.STAGE_AXIS), P()),
    out_specs=P(),
    check_vma=False,
)
lowered = jax.jit(pipelined).trace(params, batch).lower(lowering_platforms=("cuda",))


@jax.jit
def evaluate(params, batch):
    # sanity check of the schedule before launching on the cluster
    return gpipe_forward(params, batch, num_stages=config.NUM_STAGES)


evaluate.trace(params, batch).lower(lowering_platforms=("cuda",))
