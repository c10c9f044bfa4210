import jax
import jax.numpy as jnp
from jax import lax


def ring_attention(q, k, v, axis, ring_size):
  """Blockwise attention; k/v blocks travel around the ring."""
  perm = [(i, (i + 1) % ring_size) for i in range(ring_size)]
  scale = q.shape[-1] ** -0.5
  m = jnp.full(q.shape[:-1], -jnp.inf)
  l = jnp.zeros(q.shape[:-1])
  o = jnp.zeros_like(q)
  for _ in range(ring_size):
    s = jnp.einsum("bhqd,bhkd->bhq k".replace(" ", ""), q, k) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr[..., None] + jnp.einsum("bhqk,bhkd->bhqd", p, v)
    m = m_new
    k, v = lax.ppermute((k, v), axis, perm)
  return o / l[..., None]
