import jax
import jax.numpy as jnp
from jax import lax


def ring_attention(q, k, v, *, axis_name, axis_size):
  """Non-causal attention where q/k/v hold this shard's sequence block [b, s_blk, h, d]."""
  perm = [(i, (i + 1) % axis_size) for i in range(axis_size)]
  scale = q.shape[-1] ** -0.5
  m = l = acc = None
  for step in range(axis_size):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k).astype(jnp.float32) * scale
    blk_max = s.max(axis=-1)
    if m is None:
      m_new = blk_max
      p = jnp.exp(s - m_new[..., None])
      l = p.sum(-1)
      acc = jnp.einsum("bhqk,bkhd->bqhd", p, v.astype(jnp.float32))
    else:
      m_new = jnp.maximum(m, blk_max)
      corr = jnp.exp(m - m_new)
      p = jnp.exp(s - m_new[..., None])
      l = l * corr + p.sum(-1)
      acc = acc * jnp.swapaxes(corr, 1, 2)[..., None] + jnp.einsum(
          "bhqk,bkhd->bqhd", p, v.astype(jnp.float32))
    m = m_new
    if step != axis_size - 1:
      k = lax.ppermute(k, axis_name, perm)
      v = lax.ppermute(v, axis_name, perm)
  return (acc / jnp.swapaxes(l, 1, 2)[..., None]).astype(q.dtype)
