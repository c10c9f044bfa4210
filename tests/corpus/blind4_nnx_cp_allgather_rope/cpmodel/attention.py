"""Causal attention where each device holds a contiguous chunk of the sequence."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

from .config import CPConfig


def rope(x, pos, theta):
  d = x.shape[-1] // 2
  inv = theta ** (-jnp.arange(d) / d)
  ang = pos[:, None] * inv[None, :]  # [T, d]
  cos, sin = jnp.cos(ang)[None, :, None], jnp.sin(ang)[None, :, None]
  x1, x2 = x[..., :d], x[..., d:]
  return jnp.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)


def global_positions(t_local, axis):
  """Absolute token positions of this device's chunk."""
  return lax.axis_index(axis) * t_local + jnp.arange(t_local)


class ContextParallelAttention(nnx.Module):
  def __init__(self, cfg: CPConfig, *, rngs: nnx.Rngs):
    self.cfg = cfg
    self.qkv = nnx.LinearGeneral(cfg.dim, (3, cfg.heads, cfg.dim // cfg.heads), use_bias=False,
                                 rngs=rngs)
    self.out = nnx.LinearGeneral((cfg.heads, cfg.dim // cfg.heads), cfg.dim, axis=(-2, -1),
                                 use_bias=False, rngs=rngs)

  def __call__(self, x):
    cfg = self.cfg
    t = x.shape[1]
    q, k, v = jnp.moveaxis(self.qkv(x), 2, 0)
    q_pos = global_positions(t, cfg.context_axis)
    q, k = rope(q, q_pos, cfg.rope_theta), rope(k, q_pos, cfg.rope_theta)
    # every device needs the keys/values of the whole sequence
    k = lax.all_gather(k, cfg.context_axis, axis=1, tiled=True)
    v = lax.all_gather(v, cfg.context_axis, axis=1, tiled=True)
    k_pos = jnp.arange(k.shape[1])
    logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) / jnp.sqrt(q.shape[-1])
    logits = jnp.where(q_pos[:, None] >= k_pos[None, :], logits, -1e30)
    y = jnp.einsum('bhqk,bkhd->bqhd', jax.nn.softmax(logits, -1), v)
    return self.out(y)
