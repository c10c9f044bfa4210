"""Ring attention: keys/values travel around the context ring with lax.ppermute."""
import jax
import jax.numpy as jnp
from jax import lax

import config


def ring_attention(q, k, v, *, num_shards, axis_name=config.CP_AXIS):
  """q, k, v: [batch, seq / n, heads, head_dim] local blocks of the sequence (causal)."""
  b, s, h, d = q.shape
  ring = [(i, (i + 1) % num_shards) for i in range(num_shards)]
  me = lax.axis_index(axis_name)
  q_pos = me * s + jnp.arange(s)
  q = q.astype(jnp.float32) / jnp.sqrt(d)

  m = jnp.full((b, h, s), -1e30, jnp.float32)
  l = jnp.zeros((b, h, s), jnp.float32)
  acc = jnp.zeros((b, h, s, d), jnp.float32)
  for step in range(num_shards):
    src = (me - step) % num_shards
    k_pos = src * s + jnp.arange(s)
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k.astype(jnp.float32))
    logits = jnp.where(q_pos[:, None] >= k_pos[None, :], logits, -jnp.inf)
    m_new = jnp.maximum(m, logits.max(axis=-1))
    p = jnp.exp(logits - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(axis=-1)
    acc = acc * corr[..., None] + jnp.einsum("bhqk,bkhd->bhqd", p, v.astype(jnp.float32))
    m = m_new
    k = lax.ppermute(k, axis_name, ring)
    v = lax.ppermute(v, axis_name, ring)
  out = acc / l[..., None]
  return out.transpose(0, 2, 1, 3).astype(v.dtype)
