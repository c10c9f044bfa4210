import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh

from pipe import build_forward, make_stages
from pipe.schedule import STAGE

NUM_STAGES = 4
DIM = 64

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (STAGE,))
stages = make_stages(NUM_STAGES, DIM)
graphdef, state = nnx.split(stages)
forward = build_forward(graphdef, mesh, shard=True)
x = jnp.ones((8, DIM))
forward.trace(state, x).lower(lowering_platforms=("cuda",))
