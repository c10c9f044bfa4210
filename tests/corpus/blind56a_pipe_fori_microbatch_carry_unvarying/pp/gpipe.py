import jax
import jax.numpy as jnp
from jax import lax


def _layer(params, x):
  return jnp.tanh(x @ params["kernel"] + params["bias"])


def pipeline_apply(params, xs, *, cfg):
  """params: per-stage slice (leading dim 1); xs: [M, mb, d] microbatches, replicated."""
  params = jax.tree.map(lambda p: p[0], params)
  S, M = cfg.num_stages, cfg.num_microbatches
  stage = lax.axis_index(cfg.stage_axis)
  shift = [(s, (s + 1) % S) for s in range(S)]

  def tick(t, carry):
    act, out = carry
    act = jnp.where(stage == 0, xs[t % M], act)
    act = _layer(params, act)
    done = t - (S - 1)
    out = lax.dynamic_update_index_in_dim(out, act, jnp.clip(done, 0, M - 1), 0)
    act = lax.ppermute(act, cfg.stage_axis, shift)
    return act, out

  act = jnp.zeros((cfg.microbatch_size, cfg.d_model), xs.dtype)
  out = jnp.zeros_like(xs)
  _, out = lax.fori_loop(0, M + S - 1, tick, (act, out))
  return out
