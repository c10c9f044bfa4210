import jax
import jax.numpy as jnp
from flax import nnx


class RingAttention(nnx.Module):

  def __init__(self, dim, cfg, *, rngs):
    self.cfg = cfg
    self.qkv = nnx.LinearGeneral(dim, (3, cfg.heads, cfg.head_dim), rngs=rngs)
    self.out = nnx.LinearGeneral((cfg.heads, cfg.head_dim), dim, axis=(-2, -1), rngs=rngs)

  def __call__(self, x):
    qkv = self.qkv(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    scale = self.cfg.head_dim ** -0.5

    def step(i, carry):
      num, den, k, v = carry
      s = jnp.exp(jnp.einsum('bqhd,bkhd->bhqk', q, k) * scale)
      num = num + jnp.einsum('bhqk,bkhd->bqhd', s, v)
      den = den + s.sum(-1).transpose(0, 2, 1)[..., None]
      k = jax.lax.ppermute(k, self.cfg.axis, self.cfg.ring_perm)
      v = jax.lax.ppermute(v, self.cfg.axis, self.cfg.ring_perm)
      return num, den, k, v

    init = (jnp.zeros_like(q), jnp.zeros_like(q[..., :1]), k, v)
    num, den, _, _ = jax.lax.fori_loop(0, self.cfg.num_devices, step, init)
    return self.out(num / den)
