import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from sharding import SEQ_FULL, SEQ_SPLIT, constrain


def init_attention(key, d_model, n_heads):
  d_head = d_model // n_heads
  kq, kk, kv, ko = jax.random.split(key, 4)
  w = lambda k, shape, spec: jax.random.normal(k, shape, out_sharding=spec) * d_model ** -0.5
  return dict(
      wq=w(kq, (d_model, n_heads, d_head), P(None, "model", None)),
      wk=w(kk, (d_model, n_heads, d_head), P(None, "model", None)),
      wv=w(kv, (d_model, n_heads, d_head), P(None, "model", None)),
      wo=w(ko, (n_heads, d_head, d_model), P("model", None, None)),
  )


def attention(p, x):
  x = constrain(x, SEQ_FULL)            # all-gather the sequence before attention
  q = jnp.einsum("bsd,dhk->bshk", x, p["wq"])
  k = jnp.einsum("bsd,dhk->bshk", x, p["wk"])
  v = jnp.einsum("bsd,dhk->bshk", x, p["wv"])
  s = jnp.einsum("bshk,bthk->bhst", q, k) / jnp.sqrt(q.shape[-1])
  o = jnp.einsum("bhst,bthk->bshk", jax.nn.softmax(s, axis=-1), v)
  # heads are split over "model": reduce-scatter the projection back onto the sequence
  return jnp.einsum("bshk,hkd->bsd", o, p["wo"], out_sharding=SEQ_SPLIT)


def block(p, x):
  return x + attention(p, x)
