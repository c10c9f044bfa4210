import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def mlp_block(p, x):
  # x: f32[batch@data, d_model]
  h = jnp.dot(x, p["w_in"]) + p["b_in"]      # f32[batch@data, d_ff@model]
  h = jax.nn.gelu(h)
  y = jnp.dot(h, p["w_out"])
  return x + y


def forward(layers, x):
  for p in layers:
    x = mlp_block(p, x)
  return x
