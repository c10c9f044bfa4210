import jax
import jax.numpy as jnp
from jax import lax


def gpipe_forward(stage_apply, params, microbatches, num_stages, axis):
  """microbatches: (M, mb, d), replicated; returns outputs on the last stage."""
  num_micro = microbatches.shape[0]
  idx = lax.axis_index(axis)
  shift = [(i, (i + 1) % num_stages) for i in range(num_stages)]
  # the carry must vary over the stage axis, as what ppermute returns does
  buf = lax.pcast(jnp.zeros_like(microbatches[0]), axis, to="varying")
  outs = lax.pcast(jnp.zeros_like(microbatches), axis, to="varying")

  def tick(carry, t):
    buf, outs = carry
    inject = microbatches[jnp.minimum(t, num_micro - 1)]
    buf = jnp.where((idx == 0) & (t < num_micro), inject, buf)
    y = stage_apply(params, buf)
    done = t - (num_stages - 1)
    outs = jnp.where((idx == num_stages - 1) & (done >= 0),
                     outs.at[jnp.maximum(done, 0)].set(y), outs)
    return (lax.ppermute(y, axis, shift), outs), None

  (_, outs), _ = lax.scan(tick, (buf, outs), jnp.arange(num_micro + num_stages - 1))
  return outs
