"""A GPipe forward schedule over the `pp` mesh axis: at every tick each stage runs on the
activation it holds and hands the result to the next stage with psend/precv."""
import jax
import jax.numpy as jnp
from flax import nnx

AXIS = 'pp'


def make_pipeline(graphdef, num_stages: int, num_microbatches: int):
  forward = [(i, i + 1) for i in range(num_stages - 1)]

  def run(stacked_state, microbatches):
    # Each device holds one slice of the stacked stage parameters.
    stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], stacked_state))
    me = jax.lax.axis_index(AXIS)
    mb_shape = jax.ShapeDtypeStruct(microbatches.shape[1:], microbatches.dtype)
    held = jnp.zeros(mb_shape.shape, mb_shape.dtype)
    outputs = jax.lax.pcast(jnp.zeros_like(microbatches), AXIS, to='varying')

    def tick(t, carry):
      held, outputs = carry
      fresh = microbatches[jnp.minimum(t, num_microbatches - 1)]
      h = stage(jnp.where(me == 0, fresh, held))
      done = t - (num_stages - 1)
      outputs = jnp.where((me == num_stages - 1) & (done >= 0),
                          outputs.at[jnp.maximum(done, 0)].set(h), outputs)
      token = jax.lax.psend(h, AXIS, forward)
      held = jax.lax.precv(token, mb_shape, AXIS, forward)
      return held, outputs

    _, outputs = jax.lax.fori_loop(0, num_microbatches + num_stages - 1, tick, (held, outputs))
    return outputs[None]

  return run
