import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import AXIS, spmd_pipeline

NUM_STAGES = 4
D = 16


class Stage(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.linear = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.linear(x))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs: nnx.Rngs):
    return Stage(D, rngs=rngs)


stages = create_stages(nnx.Rngs(0))
graphdef, params = nnx.split(stages)
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (AXIS,))


def run_stage_local(params, x):
    # params carry a leading stage dim of 1 on each device
    local = jax.tree.map(lambda a: a[0], params)
    stage = nnx.merge(graphdef, local)
    return spmd_pipeline(stage, x, NUM_STAGES)


pipelined = jax.shard_map(run_stage_local, mesh=mesh,
                          in_specs=(P(AXIS), P(AXIS)), out_specs=P(AXIS))


@jax.jit
def forward(params, x):
    return pipelined(params, x)


x = jnp.ones((NUM_STAGES * 2, 8, D))
lowered = forward.trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered", type(lowered).__name__)
