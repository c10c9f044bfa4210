from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from config import CONFIG
from parallel.p2p import recv_from_prev, send_to_next
from stage import make_stages

STAGE_AXIS = CONFIG.pipeline_axis
NUM_STAGES = CONFIG.num_stages
NUM_MICRO = CONFIG.num_microbatches
D = 128

mesh = Mesh(jax.devices()[:NUM_STAGES], (STAGE_AXIS,))
stages = make_stages(NUM_STAGES, D)
graphdef, state = nnx.split(stages)
state_specs = jax.tree.map(lambda _: P(STAGE_AXIS), state)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(state_specs, P()), out_specs=P(STAGE_AXIS))
def pipeline_forward(state, microbatches):
  # state has a leading stage axis of size 1 on each device
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  stage_id = jax.lax.axis_index(STAGE_AXIS)

  def body(i, carry):
    inbox, outputs = carry
    mb = microbatches[i % NUM_MICRO]
    x = jnp.where(stage_id == 0, mb, inbox)
    y = stage(x)
    token = send_to_next(y, NUM_STAGES)
    inbox = recv_from_prev(token, y, NUM_STAGES)
    outputs = outputs.at[i % NUM_MICRO].set(y)
    return inbox, outputs

  inbox = jnp.zeros_like(microbatches[0])
  # the outputs buffer becomes stage-varying after the first iteration
  outputs = jax.lax.pcast(jnp.zeros_like(microbatches), STAGE_AXIS, to='varying')
  _, outputs = jax.lax.fori_loop(0, NUM_MICRO + NUM_STAGES - 1, body, (inbox, outputs))
  return outputs[None]


microbatches = jnp.ones((NUM_MICRO, 4, D), jnp.float32)
print(pipeline_forward.trace(state, microbatches).lower(lowering_platforms=('cuda',)).as_text()[:40])
