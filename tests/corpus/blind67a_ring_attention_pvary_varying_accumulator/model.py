from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ring import ring_attention

ACT = P("data", "seq", None, None)   # [batch, seq, heads, head_dim]


def init(key, d_model, n_heads):
  kq, kk, kv, ko = jax.random.split(key, 4)
  shape = (d_model, n_heads, d_model // n_heads)
  return {
      "wq": jax.random.normal(kq, shape) * d_model ** -0.5,
      "wk": jax.random.normal(kk, shape) * d_model ** -0.5,
      "wv": jax.random.normal(kv, shape) * d_model ** -0.5,
      "wo": jax.random.normal(ko, shape) * d_model ** -0.5,
  }


@partial(jax.shard_map, in_specs=(ACT, ACT, ACT), out_specs=ACT)
def sharded_ring_attention(q, k, v):
  return ring_attention(q, k, v, "seq")


def attention_block(params, x):
  q = jnp.einsum("bsd,dhk->bshk", x, params["wq"])
  k = jnp.einsum("bsd,dhk->bshk", x, params["wk"])
  v = jnp.einsum("bsd,dhk->bshk", x, params["wv"])
  o = sharded_ring_attention(q, k, v)
  return x + jnp.einsum("bshk,dhk->bsd", o, params["wo"])
