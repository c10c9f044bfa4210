import jax
import jax.numpy as jnp
from jax import lax


def ring_perm(n):
  return [(i, i + 1) for i in range(n)]


def ring_attention_local(q, k, v, axis_name, axis_size):
  """Blockwise attention; every step attends to the kv block currently held, then passes it on."""
  scale = q.shape[-1] ** -0.5
  perm = ring_perm(axis_size)

  def body(_, carry):
    k_blk, v_blk, num, den, m = carry
    s = jnp.einsum('bqhd,bkhd->bhqk', q, k_blk) * scale
    m_new = jnp.maximum(m, s.max(-1))
    p = jnp.exp(s - m_new[..., None])
    corr = jnp.exp(m - m_new)
    num = num * corr[..., None] + jnp.einsum('bhqk,bkhd->bhqd', p, v_blk)
    den = den * corr + p.sum(-1)
    k_blk = lax.ppermute(k_blk, axis_name, perm)
    v_blk = lax.ppermute(v_blk, axis_name, perm)
    return k_blk, v_blk, num, den, m_new

  num = jnp.zeros_like(jnp.einsum('bqhd->bhqd', q))
  den = num[..., 0]
  m = den - jnp.inf
  _, _, num, den, _ = lax.fori_loop(0, axis_size, body, (k, v, num, den, m))
  return jnp.einsum('bhqd->bqhd', num / den[..., None])
