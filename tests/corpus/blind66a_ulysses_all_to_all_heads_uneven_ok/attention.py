import jax
import jax.numpy as jnp

import config
from sp import heads_to_seq, seq_to_heads


def init_attention(key, d_model=config.D_MODEL):
  kq, ko = jax.random.split(key)
  return {
      "wqkv": jax.random.normal(kq, (d_model, 3 * d_model)) * d_model**-0.5,
      "wo": jax.random.normal(ko, (d_model, d_model)) * d_model**-0.5,
  }


def sequence_parallel_attention(params, x, axis_name=config.SP_AXIS):
  b, s_local, _ = x.shape
  qkv = x @ params["wqkv"]
  q, k, v = jnp.split(qkv, 3, axis=-1)
  q, k, v = (t.reshape(b, s_local, config.N_HEADS, config.HEAD_DIM) for t in (q, k, v))
  q, k, v = (seq_to_heads(t, axis_name) for t in (q, k, v))
  logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(config.HEAD_DIM)
  out = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(logits, axis=-1), v)
  out = heads_to_seq(out, axis_name)
  return out.reshape(b, s_local, -1) @ params["wo"]
