import jax
import jax.numpy as jnp
from flax import nnx

from ring import ring_attention


class RingSelfAttention(nnx.Module):
  def __init__(self, cfg, *, rngs):
    self.cfg = cfg
    self.qkv = nnx.Linear(cfg.d_model, 3 * cfg.d_model, rngs=rngs)
    self.out = nnx.Linear(cfg.d_model, cfg.d_model, rngs=rngs)

  def __call__(self, x):
    b, t, _ = x.shape
    h = self.cfg.num_heads
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    q, k, v = (a.reshape(b, t, h, -1).transpose(0, 2, 1, 3) for a in (q, k, v))
    o = ring_attention(q, k, v, self.cfg.cp_axis, self.cfg.ring_size)
    return self.out(o.transpose(0, 2, 1, 3).reshape(b, t, -1))
