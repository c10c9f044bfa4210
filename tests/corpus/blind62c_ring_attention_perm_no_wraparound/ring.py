import jax
import jax.numpy as jnp
from jax import lax


def _block_attn(q, k, v, m, l, o):
  """One online-softmax update with a (k, v) block. q: [b, s, h, d]."""
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  m_new = jnp.maximum(m, s.max(axis=-1))
  p = jnp.exp(s - m_new[..., None])
  corr = jnp.exp(m - m_new)
  l = l * corr + p.sum(axis=-1)
  o = o * corr.transpose(0, 2, 1)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
  return m_new, l, o


def ring_attention(q, k, v, axis_name):
  """Runs inside shard_map; q, k, v are this device's sequence chunk."""
  n = lax.axis_size(axis_name)
  # pass kv blocks to the next device in the ring
  perm = [(i, i + 1) for i in range(n)]
  b, s, h, _ = q.shape
  m = lax.pcast(jnp.full((b, h, s), -jnp.inf, q.dtype), axis_name, to="varying")
  l = lax.pcast(jnp.zeros((b, h, s), q.dtype), axis_name, to="varying")
  o = jnp.zeros_like(q)

  def step(carry, _):
    k, v, m, l, o = carry
    m, l, o = _block_attn(q, k, v, m, l, o)
    k = lax.ppermute(k, axis_name, perm)
    v = lax.ppermute(v, axis_name, perm)
    return (k, v, m, l, o), None

  (_, _, _, l, o), _ = lax.scan(step, (k, v, m, l, o), None, length=n)
  return o / l.transpose(0, 2, 1)[..., None]
