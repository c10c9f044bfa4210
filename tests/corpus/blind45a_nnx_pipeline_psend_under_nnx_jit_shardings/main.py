import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from pipeline import STAGE, local_stage, send_to_next_stage

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()), (STAGE,))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs: nnx.Rngs):
  return nnx.Linear(32, 32, rngs=rngs)


stages = create_stages(nnx.Rngs(0))
# weights live on their stage's device; let jit handle the rest
state = nnx.state(stages)
state = jax.device_put(state, NamedSharding(mesh, P(STAGE)))
nnx.update(stages, state)


def pipeline_forward(stages, microbatches):
  layer = local_stage(stages)
  h = microbatches
  for _ in range(NUM_STAGES - 1):
    h = jax.nn.relu(layer(h))
    h = send_to_next_stage(h, NUM_STAGES)
  return layer(h)


@nnx.jit
def forward(stages, microbatches):
  return pipeline_forward(stages, microbatches)


microbatches = jnp.ones((NUM_STAGES * 2, 32))
print(jax.jit(lambda s, m: forward(s, m)).trace(stages, microbatches)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
