import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def _ring_attention_local(q, k, v, *, axis_name):
  """Per-shard ring attention: q/k/v are [batch, seq_shard, heads, dim]."""
  axis_size = lax.axis_size(axis_name)
  perm = [(i, (i + 1) % axis_size) for i in range(axis_size)]
  scale = q.shape[-1] ** -0.5
  b, s, h, d = q.shape
  o = jnp.zeros_like(q, dtype=jnp.float32)
  m = jnp.full_like(jnp.transpose(q[..., 0], (0, 2, 1)), -jnp.inf, dtype=jnp.float32)
  l = jnp.zeros_like(m)

  def body(_, carry):
    o, m, l, k, v = carry
    s_ = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale
    m_new = jnp.maximum(m, s_.max(-1))
    p = jnp.exp(s_ - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * jnp.transpose(corr, (0, 2, 1))[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
    k = lax.ppermute(k, axis_name, perm)
    v = lax.ppermute(v, axis_name, perm)
    return o, m_new, l, k, v

  o, m, l, _, _ = lax.fori_loop(0, axis_size, body, (o, m, l, k, v))
  return (o / jnp.transpose(l, (0, 2, 1))[..., None]).astype(q.dtype)


def make_ring_attention(mesh, seq_axis, batch_axis):
  spec = P(batch_axis, seq_axis, None, None)
  fn = functools.partial(_ring_attention_local, axis_name=seq_axis)
  return jax.shard_map(fn, mesh=mesh, in_specs=(spec, spec, spec), out_specs=spec)
