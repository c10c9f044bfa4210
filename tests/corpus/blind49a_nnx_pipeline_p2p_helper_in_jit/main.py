import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import create_stages, local_stage
from parallel.p2p import STAGE_AXIS, send_recv_next

NUM_STAGES = 4
mesh = jax.sharding.Mesh(jax.devices()[:NUM_STAGES], (STAGE_AXIS,))
stages = create_stages(NUM_STAGES, 16, nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(STAGE_AXIS), P(STAGE_AXIS)), out_specs=P(STAGE_AXIS))
def stage_compute(stages, h):
  stage = local_stage(stages)
  return stage(h[0])[None]


@nnx.jit
def forward(stages, x):
  # one activation slot per stage
  h = jnp.broadcast_to(x, (NUM_STAGES,) + x.shape)
  for _ in range(NUM_STAGES):
    h = stage_compute(stages, h)
    # hand activations to the next stage
    h = send_recv_next(h, NUM_STAGES)
  return h[-1]


x = jnp.ones((8, 16))
print(forward.trace(stages, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
