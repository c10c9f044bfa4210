"""Sequence-parallel causal attention: queries stay local, keys/values are all-gathered
(tiled) along the sequence; global positions come from axis_index."""
import jax
import jax.numpy as jnp
from jax import lax


def sp_causal_attention(q, k, v, axis_name="sp"):
  # q, k, v: [batch, local_seq, heads, head_dim]
  local = q.shape[1]
  k_all = lax.all_gather(k, axis_name, axis=1, tiled=True)
  v_all = lax.all_gather(v, axis_name, axis=1, tiled=True)
  q_pos = lax.axis_index(axis_name) * local + jnp.arange(local)
  k_pos = jnp.arange(k_all.shape[1])
  mask = q_pos[:, None] >= k_pos[None, :]
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k_all) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  s = jnp.where(mask[None, None], s, jnp.finfo(s.dtype).min)
  p = jax.nn.softmax(s, axis=-1)
  return jnp.einsum("bhqk,bkhd->bqhd", p, v_all)
