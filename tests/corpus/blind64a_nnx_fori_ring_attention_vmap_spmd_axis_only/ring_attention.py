import jax.numpy as jnp
from jax import lax
from flax import nnx

RING_AXIS = "ring"


class RingSelfAttention(nnx.Module):
  """Called on one sequence chunk; sees the other chunks by passing K/V around the ring."""

  def __init__(self, d_model: int, num_heads: int, ring_size: int, *, rngs: nnx.Rngs):
    self.num_heads = num_heads
    self.ring_size = ring_size
    self.q_proj = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)
    self.kv_proj = nnx.Linear(d_model, 2 * d_model, use_bias=False, rngs=rngs)
    self.o_proj = nnx.Linear(d_model, d_model, use_bias=False, rngs=rngs)

  def __call__(self, x):
    s, d = x.shape
    h, hd = self.num_heads, d // self.num_heads
    q = self.q_proj(x).reshape(s, h, hd) / jnp.sqrt(hd).astype(x.dtype)
    k, v = jnp.split(self.kv_proj(x), 2, axis=-1)
    k, v = k.reshape(s, h, hd), v.reshape(s, h, hd)
    n = self.ring_size
    perm = [(j, (j + 1) % n) for j in range(n)]

    def body(i, carry):
      k, v, o, m, l = carry
      scores = jnp.einsum("qhd,khd->hqk", q, k)
      m_new = jnp.maximum(m, scores.max(axis=-1))
      p = jnp.exp(scores - m_new[..., None])
      corr = jnp.exp(m - m_new)
      l = l * corr + p.sum(axis=-1)
      o = o * corr[..., None] + jnp.einsum("hqk,khd->hqd", p, v)
      k = lax.ppermute(k, RING_AXIS, perm)
      v = lax.ppermute(v, RING_AXIS, perm)
      return k, v, o, m_new, l

    o = jnp.zeros((h, s, hd), x.dtype)
    m = jnp.full((h, s), -jnp.inf, x.dtype)
    l = jnp.zeros((h, s), x.dtype)
    _, _, o, _, l = nnx.fori_loop(0, n, body, (k, v, o, m, l))
    o = (o / l[..., None]).transpose(1, 0, 2).reshape(s, d)
    return self.o_proj(o)
