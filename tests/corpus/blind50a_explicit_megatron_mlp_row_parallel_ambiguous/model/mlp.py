"""Megatron-style MLP on an explicit ('data', 'model') mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P, reshard


def init_params(d_model, d_ff):
  w1 = reshard(np.zeros((d_model, d_ff), np.float32), P(None, "model"))   # column parallel
  w2 = reshard(np.zeros((d_ff, d_model), np.float32), P("model", None))   # row parallel
  return w1, w2


def mlp(params, x):
  w1, w2 = params
  h = jax.nn.gelu(jnp.dot(x, w1))              # f32[8@data, 64@model]
  return jnp.dot(h, w2)
