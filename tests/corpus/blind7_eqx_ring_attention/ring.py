import jax
import jax.numpy as jnp
from jax import lax


def ring_attention(q, k, v, axis_name):
  """q, k, v: (T_local, H, D) blocks of a sequence sharded over `axis_name`. Keys and values
  travel around the ring while each device accumulates an online softmax for its queries."""
  n = lax.axis_size(axis_name)
  perm = [(i, (i + 1) % n) for i in range(n)]
  scale = q.shape[-1] ** -0.5

  def step(carry, _):
    o, m, l, k, v = carry
    s = jnp.einsum('qhd,khd->hqk', q, k) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * corr[..., None] + jnp.einsum('hqk,khd->hqd', p, v)
    k, v = lax.ppermute((k, v), axis_name, perm)
    return (o, m_new, l, k, v), None

  qh = q.transpose(1, 0, 2)
  init = (jnp.zeros_like(qh), jnp.full_like(qh[..., 0], -jnp.inf), jnp.zeros_like(qh[..., 0]),
          k, v)
  (o, _, l, _, _), _ = lax.scan(step, init, None, length=n)
  return (o / l[..., None]).transpose(1, 0, 2)
