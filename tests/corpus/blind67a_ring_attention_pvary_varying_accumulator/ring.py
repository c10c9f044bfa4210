import jax
import jax.numpy as jnp
from jax import lax


def ring_attention(q, k, v, axis_name="seq"):
  """q, k, v: this device's sequence block, [batch, block, heads, head_dim]."""
  n = lax.axis_size(axis_name)
  perm = [(j, (j + 1) % n) for j in range(n)]
  scale = q.shape[-1] ** -0.5

  o = jnp.zeros_like(q)
  l = jnp.zeros(q.shape[:-1], q.dtype)
  m = jnp.full(q.shape[:-1], -jnp.inf, q.dtype)
  # loop carries must have the same device-varying type in and out
  o, l, m = lax.pvary((o, l, m), ("data", axis_name))

  def body(_, carry):
    o, l, m, k, v = carry
    s = jnp.einsum("bqhd,bkhd->bqhk", q, k) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr[..., None] + jnp.einsum("bqhk,bkhd->bqhd", p, v)
    k, v = lax.ppermute((k, v), axis_name, perm)
    return o, l, m_new, k, v

  o, l, m, _, _ = lax.fori_loop(0, n, body, (o, l, m, k, v))
  return o / l[..., None]
