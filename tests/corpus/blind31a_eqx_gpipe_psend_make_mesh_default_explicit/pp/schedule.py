from collections import namedtuple

import jax
import jax.numpy as jnp

from .comm import STAGE_AXIS, pipelined_recv, pipelined_send

Carry = namedtuple("Carry", ["state", "outputs", "i"])


def make_stage_loop(stage_apply, num_stages, num_microbatches):
  fwd_perm = [(i, i + 1) for i in range(num_stages - 1)]

  def run(stage_params, microbatches):
    stage = jax.lax.axis_index(STAGE_AXIS)
    outputs = jnp.zeros_like(microbatches)

    def body(c, _):
      inp = jnp.where(stage == 0, microbatches[c.i % num_microbatches], c.state)
      out = stage_apply(stage_params, inp)
      idx = (c.i - num_stages + 1) % num_microbatches
      outputs = jax.lax.dynamic_update_index_in_dim(
          c.outputs, jnp.where(stage == num_stages - 1, out, c.outputs[idx]), idx, 0)
      token = pipelined_send(out, fwd_perm)
      state = pipelined_recv(token, out, fwd_perm)
      return Carry(state, outputs, c.i + 1), None

    init = Carry(jnp.zeros_like(microbatches[0]), outputs, 0)
    final, _ = jax.lax.scan(body, init, length=num_microbatches + num_stages - 1)
    return final.outputs

  return run
