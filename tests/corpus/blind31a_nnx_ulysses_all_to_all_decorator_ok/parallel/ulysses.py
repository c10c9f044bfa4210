import jax
import jax.numpy as jnp
from jax import lax


def seq_to_heads(x, axis_name):
  # [b, s/n, h, d] -> [b, s, h/n, d]
  return lax.all_to_all(x, axis_name, split_axis=2, concat_axis=1, tiled=True)


def heads_to_seq(x, axis_name):
  return lax.all_to_all(x, axis_name, split_axis=1, concat_axis=2, tiled=True)


def ulysses_attention(q, k, v, *, axis_name):
  q, k, v = (seq_to_heads(t, axis_name) for t in (q, k, v))
  s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]).astype(q.dtype)
  o = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v)
  return heads_to_seq(o, axis_name)
