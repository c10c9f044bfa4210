import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import create_stages, local_stage
from parallel.p2p import STAGE_AXIS, send_recv_next

NUM_STAGES = 4
mesh = jax.sharding.Mesh(jax.devices()[:NUM_STAGES], (STAGE_AXIS,))
stages = create_stages(NUM_STAGES, 16, nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(STAGE_AXIS), P()), out_specs=P(STAGE_AXIS))
def pipeline(stages, x):
  stage = local_stage(stages)
  h = x
  for _ in range(NUM_STAGES):
    h = stage(h)
    h = send_recv_next(h, NUM_STAGES)
    h, _ = jax.lax.optimization_barrier((h, x))
  return h[None]


@nnx.jit
def forward(stages, x):
  return pipeline(stages, x)[-1]


x = jnp.ones((8, 16))
print(forward.trace(stages, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
