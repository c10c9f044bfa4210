import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from stages.model import STAGE_AXIS, make_stages, pipeline_step

N = 4
mesh = Mesh(np.array(jax.devices()), (STAGE_AXIS,))
graphdef, state = nnx.split(make_stages(N, 16))

step = functools.partial(pipeline_step, graphdef, n_stages=N)
step = jax.shard_map(step, mesh=mesh, in_specs=(P(STAGE_AXIS), P()), out_specs=P(STAGE_AXIS))
step = jax.jit(step)

mbs = jnp.ones((N + 2, 4, 16))
print(step.trace(state, mbs).lower(lowering_platforms=('cuda',)) is not None)
