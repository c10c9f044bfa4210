"""Blockwise ring attention over a sequence-parallel mesh axis."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax as L


def _ring_perm(n):
  return [(i, (i + 1) % n) for i in range(n)]


def ring_attention(q, k, v, *, axis_name, axis_size):
  """q, k, v: [batch, local_len, heads, dim], each shard holding a contiguous chunk."""
  scale = q.shape[-1] ** -0.5
  perm = _ring_perm(axis_size)

  def body(i, carry):
    o, m, l, k, v = carry
    s = jnp.einsum('bqhd,bkhd->bhqk', q, k) * scale
    m_new = jnp.maximum(m, s.max(axis=-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(axis=-1)
    o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum('bhqk,bkhd->bqhd', p, v)
    k = L.ppermute(k, axis_name, perm)
    v = L.ppermute(v, axis_name, perm)
    return o, m_new, l, k, v

  b, t, h, d = q.shape
  o = jnp.zeros_like(q)
  m = jnp.full((b, h, t), -jnp.inf, q.dtype) + 0 * q[..., 0].transpose(0, 2, 1)
  l = jnp.zeros((b, h, t), q.dtype) + 0 * q[..., 0].transpose(0, 2, 1)
  o, m, l, _, _ = L.fori_loop(0, axis_size, body, (o, m, l, k, v))
  return o / l.transpose(0, 2, 1)[..., None]
