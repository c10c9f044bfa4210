from functools import partial

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import PP, shift_to_next
from stages import make_stages

NUM_STAGES, DIM = 4, 512
NUM_MICRO, MICRO_BS = 8, 4

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (PP,))
graphdef, state = nnx.split(make_stages(NUM_STAGES, DIM))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(PP), P()), out_specs=P())
def pipeline_forward(state, microbatches):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  sid = jax.lax.axis_index(PP)

  @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
  def tick(stage, buf, t):
    inp = jnp.where(sid == 0, microbatches[jnp.minimum(t, NUM_MICRO - 1)], buf)
    out = stage(inp)
    return shift_to_next(out, NUM_STAGES), out

  buf0 = jnp.zeros_like(microbatches[0])
  _, outs = tick(stage, buf0, jnp.arange(NUM_MICRO + NUM_STAGES - 1))
  outs = outs[NUM_STAGES - 1:]
  return jax.lax.psum(jnp.where(sid == NUM_STAGES - 1, outs, jnp.zeros_like(outs)), PP)


microbatches = jnp.ones((NUM_MICRO, MICRO_BS, DIM), jnp.bfloat16)
lowered = pipeline_forward.trace(state, microbatches).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])
