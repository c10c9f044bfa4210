import jax
import jax.numpy as jnp


def rotate(x, axis_name):
  n = jax.lax.axis_size(axis_name)
  return jax.lax.ppermute(x, axis_name, perm=[(i, (i + 1) % n) for i in range(n)])


def ring_attention(q, k, v, axis_name):
  n = jax.lax.axis_size(axis_name)
  scale = q.shape[-1] ** -0.5
  b, s, h, d = q.shape
  o = jnp.zeros_like(q)
  m = jnp.full((b, h, s), -jnp.inf, q.dtype)
  l = jnp.zeros((b, h, s), q.dtype)

  def body(_, carry):
    o, m, l, k, v = carry
    scores = jnp.einsum('bqhd,bkhd->bhqk', q, k) * scale
    m_new = jnp.maximum(m, scores.max(-1))
    p = jnp.exp(scores - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum('bhqk,bkhd->bqhd', p, v)
    return o, m_new, l, rotate(k, axis_name), rotate(v, axis_name)

  o, m, l, _, _ = jax.lax.fori_loop(0, n, body, (o, m, l, k, v))
  return o / l.transpose(0, 2, 1)[..., None]
