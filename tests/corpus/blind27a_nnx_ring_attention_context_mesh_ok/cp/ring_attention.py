"""Blockwise ring attention over the sequence axis (context parallelism)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P


def _ring_attention_local(q, k, v, *, axis_name):
  n = lax.axis_size(axis_name)
  perm = [(j, (j + 1) % n) for j in range(n)]
  scale = q.shape[-1] ** -0.5
  b, s, h, d = q.shape
  m = jnp.full((b, h, s), -jnp.inf, q.dtype)
  l = jnp.zeros((b, h, s), q.dtype)
  o = jnp.zeros_like(q)
  m, l = lax.pcast((m, l), axis_name, to="varying")

  def body(_, carry):
    m, l, o, k, v = carry
    s_ij = jnp.einsum("bqhd,bkhd->bhqk", q, k) * scale
    m_new = jnp.maximum(m, s_ij.max(-1))
    p = jnp.exp(s_ij - m_new[..., None])
    corr = jnp.exp(m - m_new)
    l = l * corr + p.sum(-1)
    o = o * jnp.moveaxis(corr, 1, 2)[..., None] + jnp.einsum("bhqk,bkhd->bqhd", p, v)
    k, v = lax.ppermute((k, v), axis_name, perm)
    return m_new, l, o, k, v

  m, l, o, _, _ = lax.fori_loop(0, n, body, (m, l, o, k, v))
  return o / jnp.moveaxis(l, 1, 2)[..., None]


def ring_attention(q, k, v, seq_axis="seq"):
  spec = P(None, seq_axis, None, None)
  fn = jax.shard_map(functools.partial(_ring_attention_local, axis_name=seq_axis),
                     in_specs=(spec, spec, spec), out_specs=spec)
  return fn(q, k, v)
