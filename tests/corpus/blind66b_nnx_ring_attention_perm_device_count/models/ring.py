import jax
import jax.numpy as jnp
from flax import nnx

from models.attention import Attention


class RingAttention(Attention):
  """Sequence-parallel attention: each shard keeps its queries, K/V travel the ring."""

  def __init__(self, d_model, num_heads, *, axis_name, perm, rngs: nnx.Rngs):
    super().__init__(d_model, num_heads, rngs=rngs)
    self.axis_name = axis_name
    self.perm = tuple(perm)

  def __call__(self, x):
    if len(self.perm) == 1:
      return super().__call__(x)
    q, k, v = self.project(x)
    b, sq, h, d = q.shape
    o = jnp.zeros((b, h, sq, d), q.dtype)
    m = jnp.full((b, h, sq), -jnp.inf, q.dtype)
    l = jnp.zeros((b, h, sq), q.dtype)
    for _ in range(len(self.perm)):
      s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(d)
      m_new = jnp.maximum(m, s.max(-1))
      p = jnp.exp(s - m_new[..., None])
      corr = jnp.exp(m - m_new)
      l = l * corr + p.sum(-1)
      o = o * corr[..., None] + jnp.einsum("bhqk,bkhd->bhqd", p, v)
      m = m_new
      k = jax.lax.ppermute(k, self.axis_name, self.perm)
      v = jax.lax.ppermute(v, self.axis_name, self.perm)
    o = (o / l[..., None]).transpose(0, 2, 1, 3)
    return self.out(o)


class SeqModel(nnx.Module):

  def __init__(self, d_model, num_heads, vocab, *, axis_name, perm, rngs):
    self.embed = nnx.Embed(vocab, d_model, rngs=rngs)
    self.attn = RingAttention(d_model, num_heads, axis_name=axis_name,
                              perm=perm, rngs=rngs)
    self.norm = nnx.LayerNorm(d_model, rngs=rngs)
    self.lm_head = nnx.Linear(d_model, vocab, rngs=rngs)

  def __call__(self, tokens):
    x = self.embed(tokens)
    x = x + self.attn(self.norm(x))
    return self.lm_head(x)
