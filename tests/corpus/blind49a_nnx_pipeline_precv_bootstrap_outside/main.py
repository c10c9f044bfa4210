import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from model import create_stages, local_stage
from parallel import p2p

NUM_STAGES = 4
mesh = jax.sharding.Mesh(jax.devices()[:NUM_STAGES], (p2p.STAGE_AXIS,))
stages = create_stages(NUM_STAGES, 16, nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(p2p.STAGE_AXIS), P()), out_specs=P(p2p.STAGE_AXIS))
def pipeline(stages, h):
  stage = local_stage(stages)
  for _ in range(NUM_STAGES - 1):
    h = stage(h)
    h = p2p.send_recv_next(h, NUM_STAGES)
  return stage(h)[None]


@nnx.jit
def forward(stages, x):
  # prime the pipeline: wait for the first activation from upstream
  h0 = p2p.recv_from_prev(jax.ShapeDtypeStruct(x.shape, x.dtype), NUM_STAGES)
  return pipeline(stages, h0 + x)[-1]


x = jnp.ones((8, 16))
print(forward.trace(stages, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
