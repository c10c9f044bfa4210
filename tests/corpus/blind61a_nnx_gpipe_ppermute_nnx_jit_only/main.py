import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import build_stages, gpipe_forward

NUM_STAGES = 4
DIM, HIDDEN = 128, 512
NUM_MICRO, MICRO_BS = 8, 16

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("pipe",))

stages = build_stages(NUM_STAGES, DIM, HIDDEN)
graphdef, state = nnx.split(stages)
state = jax.device_put(state, NamedSharding(mesh, P("pipe")))  # one stage per device


@nnx.jit
def forward(state, microbatches):
  return gpipe_forward(graphdef, state, microbatches, NUM_STAGES)


microbatches = jnp.ones((NUM_MICRO, MICRO_BS, DIM), jnp.float32)
lowered = forward.trace(state, microbatches).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:200])
