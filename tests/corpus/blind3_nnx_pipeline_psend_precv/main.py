from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import create_stages, spmd_pipeline

NUM_STAGES = 4
DIM = 16

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ('stage',))
stages = create_stages(NUM_STAGES, DIM)
graphdef, state = nnx.split(stages)

forward = jax.jit(
    jax.shard_map(
        partial(spmd_pipeline, graphdef, axis_name='stage', num_stages=NUM_STAGES),
        mesh=mesh,
        in_specs=(P('stage'), P()),
        out_specs=P('stage'),
    ))

x = jnp.ones((8, DIM))
forward.trace(state, x).lower(lowering_platforms=('cuda',))
