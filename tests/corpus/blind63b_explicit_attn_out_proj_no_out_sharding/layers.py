"""Multi-head attention with heads sharded over 'model' on an Explicit mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_attention(key, d_model, n_heads):
  kq, kk, kv, ko = jax.random.split(key, 4)
  hd = d_model // n_heads
  scale = d_model ** -0.5

  def w(k, shape):
    return jax.random.normal(k, shape, jnp.float32) * scale

  return {"wq": w(kq, (d_model, n_heads, hd)), "wk": w(kk, (d_model, n_heads, hd)),
          "wv": w(kv, (d_model, n_heads, hd)), "wo": w(ko, (n_heads, hd, d_model))}


def attention(p, x):
  # x: [batch, seq, d] sharded P('data', None, None); head axis of the weights on 'model'
  q = jnp.einsum("bsd,dhk->bshk", x, p["wq"], out_sharding=P("data", None, "model", None))
  k = jnp.einsum("bsd,dhk->bshk", x, p["wk"], out_sharding=P("data", None, "model", None))
  v = jnp.einsum("bsd,dhk->bshk", x, p["wv"], out_sharding=P("data", None, "model", None))
  s = jnp.einsum("bqhk,bshk->bhqs", q, k) * q.shape[-1] ** -0.5
  o = jnp.einsum("bhqs,bshk->bqhk", jax.nn.softmax(s, axis=-1), v)
  # sum over the (sharded) heads
  return jnp.einsum("bqhk,hkd->bqd", o, p["wo"])
