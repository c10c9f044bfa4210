"""Blockwise ring attention for sequence/context parallelism (run under shard_map over 'seq')."""
import jax
import jax.numpy as jnp
from jax import lax

SEQ_AXIS = "seq"


def _block_update(carry, q, k, v, scale):
  o, m, l = carry
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k).astype(jnp.float32) * scale
  m_new = jnp.maximum(m, s.max(-1))
  p = jnp.exp(s - m_new[..., None])
  alpha = jnp.exp(m - m_new)
  l = alpha * l + p.sum(-1)
  o = alpha[..., None] * o + jnp.einsum("bhqk,bkhd->bhqd", p, v.astype(jnp.float32))
  return o, m_new, l


def ring_attention(q, k, v):
  n = lax.axis_size(SEQ_AXIS)
  perm = [(i, (i + 1) % n) for i in range(n)]
  b, t, h, d = q.shape
  scale = d ** -0.5
  init = (
      jnp.zeros((b, h, t, d), jnp.float32),
      jnp.full((b, h, t), -jnp.inf, jnp.float32),
      jnp.zeros((b, h, t), jnp.float32),
  )

  def body(carry, _):
    stats, k, v = carry
    stats = _block_update(stats, q, k, v, scale)
    k, v = lax.ppermute((k, v), SEQ_AXIS, perm)
    return (stats, k, v), None

  ((o, _, l), _, _), _ = lax.scan(body, (init, k, v), None, length=n)
  return (o / l[..., None]).transpose(0, 2, 1, 3).astype(q.dtype)
