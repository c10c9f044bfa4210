import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import Pipeline, stacked_stages

N_STAGES, DIM = 4, 64

mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ("stage",))
stages = stacked_stages(N_STAGES, DIM)
graphdef, params = nnx.split(stages)


def per_rank(params, microbatches):
    my_params = jax.tree.map(lambda a: a[0], params)
    stage = nnx.merge(graphdef, my_params)
    return Pipeline(stage, N_STAGES)(microbatches)


forward = jax.jit(
    jax.shard_map(per_rank, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P())
)
mbs = jnp.ones((6, 8, DIM))
forward.trace(params, mbs).lower(lowering_platforms=("cuda",))
