import functools

import jax
import jax.numpy as jnp
from jax import lax as L


def init_attention(key, cfg):
  k1, k2 = jax.random.split(key)
  scale = cfg.d_model ** -0.5
  return {
      "wqkv": jax.random.normal(k1, (cfg.d_model, 3, cfg.num_heads, cfg.head_dim)) * scale,
      "wo": jax.random.normal(k2, (cfg.num_heads, cfg.head_dim, cfg.d_model)) * scale,
  }


def make_attention(cfg):
  # [b, s/n, h, d] -> [b, s, h/n, d] and back
  seq_to_heads = functools.partial(L.all_to_all, axis_name=cfg.sp_axis,
                                   split_axis=2, concat_axis=1, tiled=True)
  heads_to_seq = functools.partial(L.all_to_all, axis_name=cfg.sp_axis,
                                   split_axis=1, concat_axis=2, tiled=True)

  def attention(params, x):
    qkv = jnp.einsum("bsd,dthk->tbshk", x, params["wqkv"])
    q, k, v = (seq_to_heads(t) for t in qkv)
    logits = jnp.einsum("bqhk,bshk->bhqs", q, k) / jnp.sqrt(cfg.head_dim)
    mask = jnp.tril(jnp.ones(logits.shape[-2:], bool))
    logits = jnp.where(mask, logits, -1e9)
    out = jnp.einsum("bhqs,bshk->bqhk", jax.nn.softmax(logits, axis=-1), v)
    out = heads_to_seq(out)
    return jnp.einsum("bshk,hkd->bsd", out, params["wo"])

  return attention
