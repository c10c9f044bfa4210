import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init(key, d_in, d_ff, d_out):
  k1, k2 = jax.random.split(key)
  return {
      "w1": jax.random.normal(k1, (d_in, d_ff), out_sharding=P(None, "model")) * d_in ** -0.5,
      "w2": jax.random.normal(k2, (d_ff, d_out)) * d_ff ** -0.5,
  }


def ffn(params, x):
  h = jax.nn.relu(jnp.dot(x, params["w1"]))     # [batch, d_ff@model]
  h = jax.reshard(h, P("data", None))            # gather d_ff before the replicated w2
  return jnp.dot(h, params["w2"])
