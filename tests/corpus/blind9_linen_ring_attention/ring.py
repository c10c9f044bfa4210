import jax
import jax.numpy as jnp
from jax import lax


def ring_attention(q, k, v, axis_name):
  """Blockwise ring attention (Liu et al.): rotate K/V around the ring, online softmax."""
  n = lax.axis_size(axis_name)
  perm = [(i, (i + 1) % n) for i in range(n)]
  scale = q.shape[-1] ** -0.5

  def body(_, carry):
    acc, m, l, k, v = carry
    s = jnp.einsum('bqhd,bkhd->bhqk', q, k) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    acc = acc * corr.transpose(0, 2, 1)[..., None] + jnp.einsum('bhqk,bkhd->bqhd', p, v)
    k = lax.ppermute(k, axis_name, perm)
    v = lax.ppermute(v, axis_name, perm)
    return acc, m_new, l, k, v

  b, t, h, d = q.shape
  acc = jnp.zeros_like(q)
  m = jnp.full((b, h, t), -jnp.inf, q.dtype)
  l = jnp.zeros((b, h, t), q.dtype)
  m, l = lax.pcast((m, l), axis_name, to='varying')
  acc, m, l, _, _ = lax.fori_loop(0, n, body, (acc, m, l, k, v))
  return acc / l.transpose(0, 2, 1)[..., None]
