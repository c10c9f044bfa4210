import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class RingAttention(nnx.Module):
  """Blockwise ring attention: each device holds one sequence chunk of q/k/v and
  the k/v chunks travel around the ring of `axis_name`."""

  def __init__(self, d_model, num_heads, ring_size, *, axis_name='seq', rngs):
    self.num_heads = num_heads
    self.head_dim = d_model // num_heads
    self.axis_name = axis_name
    self.ring_size = ring_size
    self.qkv = nnx.Linear(d_model, 3 * d_model, use_bias=False, rngs=rngs)
    self.out = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

  def _split_heads(self, t):
    b, s, _ = t.shape
    return t.reshape(b, s, self.num_heads, self.head_dim)

  def __call__(self, x):
    q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
    q, k, v = map(self._split_heads, (q, k, v))
    n = self.ring_size
    perm = [(i, (i + 1) % n) for i in range(n)]
    scale = self.head_dim ** -0.5

    b, s, h, d = q.shape
    o = jnp.zeros_like(q)
    q_t = jnp.transpose(q[..., 0], (0, 2, 1))  # (b, h, s), varies like q
    m = jnp.full_like(q_t, -jnp.inf)
    l = jnp.zeros_like(q_t)

    def body(_, carry):
      o, m, l, k, v = carry
      logits = jnp.einsum('bqhd,bkhd->bhqk', q, k) * scale
      m_new = jnp.maximum(m, logits.max(-1))
      p = jnp.exp(logits - m_new[..., None])
      corr = jnp.exp(m - m_new)
      l = l * corr + p.sum(-1)
      o = o * jnp.transpose(corr, (0, 2, 1))[..., None] + jnp.einsum('bhqk,bkhd->bqhd', p, v)
      k = lax.ppermute(k, self.axis_name, perm)
      v = lax.ppermute(v, self.axis_name, perm)
      return o, m_new, l, k, v

    o, m, l, k, v = lax.fori_loop(0, n, body, (o, m, l, k, v))
    o = o / jnp.transpose(l, (0, 2, 1))[..., None]
    return self.out(o.reshape(b, s, h * d))
