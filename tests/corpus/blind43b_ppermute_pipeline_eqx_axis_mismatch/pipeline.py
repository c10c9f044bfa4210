import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

PP_AXIS = 'pp'


def stage_loop(stage, xs, num_stages):
  """Runs microbatches xs (M, B, D) through a ring of `num_stages` stages."""
  idx = lax.axis_index(PP_AXIS)
  perm = [(i, (i + 1) % num_stages) for i in range(num_stages)]
  M = xs.shape[0]

  def tick(t, carry):
    act, outs = carry
    act = jnp.where(idx == 0, xs[jnp.minimum(t, M - 1)], act)
    out = jax.vmap(stage)(act)
    slot = jnp.clip(t - (num_stages - 1), 0, M - 1)
    outs = outs.at[slot].set(jnp.where(idx == num_stages - 1, out, outs[slot]))
    return lax.ppermute(out, PP_AXIS, perm), outs

  init = (jnp.zeros_like(xs[0]), jnp.zeros_like(xs))
  _, outs = lax.fori_loop(0, M + num_stages - 1, tick, init)
  return lax.psum(outs, PP_AXIS)
