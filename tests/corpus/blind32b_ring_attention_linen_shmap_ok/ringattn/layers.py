"""Blockwise ring attention as a Linen module (sequence sharded over an axis)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


def _ring_attention(q, k, v, axis_name):
  n = lax.axis_size(axis_name)
  perm = [(i, (i + 1) % n) for i in range(n)]
  scale = q.shape[-1] ** -0.5

  def body(_, carry):
    o, l, m, k, v = carry
    s = jnp.einsum('bqhd,bkhd->bhqk', q, k) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum('bhqk,bkhd->bqhd', p, v)
    k = lax.ppermute(k, axis_name, perm)
    v = lax.ppermute(v, axis_name, perm)
    return o, l, m_new, k, v

  b, t, h, d = q.shape
  o = jnp.zeros_like(q)
  l = jnp.zeros_like(q[..., 0]).transpose(0, 2, 1)
  m = jnp.full_like(l, -jnp.inf)
  o, l, _, _, _ = lax.fori_loop(0, n, body, (o, l, m, k, v))
  return o / l.transpose(0, 2, 1)[..., None]


class RingSelfAttention(nn.Module):
  num_heads: int
  head_dim: int
  axis_name: str = 'sp'

  @nn.compact
  def __call__(self, x):
    qkv = nn.DenseGeneral((3, self.num_heads, self.head_dim), name='qkv')(x)
    q, k, v = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
    o = _ring_attention(q, k, v, self.axis_name)
    return nn.DenseGeneral(x.shape[-1], axis=(-2, -1), name='out')(o)
