import jax
import jax.numpy as jnp
from jax import lax


def gpipe_forward(cfg, stage_fn, w, xs):
  """xs: [M, b, d] microbatches (replicated), w: this stage's weights."""
  idx = lax.axis_index(cfg.axis)
  out_spec = jax.ShapeDtypeStruct(xs.shape[1:], xs.dtype)

  def tick(h, x):
    h = jnp.where(idx == 0, x, h)
    y = stage_fn(w, h)
    tok = lax.psend(y, cfg.axis, cfg.send_perm)
    return lax.precv(tok, out_spec, cfg.axis, cfg.send_perm), y

  steps = cfg.num_microbatches + cfg.num_stages - 1
  pad = jnp.zeros((steps - xs.shape[0],) + xs.shape[1:], xs.dtype)
  _, ys = lax.scan(tick, jnp.zeros(out_spec.shape, out_spec.dtype),
                   jnp.concatenate([xs, pad]))
  return ys[cfg.num_stages - 1:]
