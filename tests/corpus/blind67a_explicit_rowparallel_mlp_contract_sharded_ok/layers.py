import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def mlp_block(p, x):
  # x: f32[batch@data, d_model]
  h = jnp.dot(x, p["w_in"]) + p["b_in"]      # f32[batch@data, d_ff@model]
  h = jax.nn.gelu(h)
  # the contraction runs over the split d_ff dim: say where the partial sums go (all-reduce)
  y = jnp.dot(h, p["w_out"], out_sharding=P("data", None))
  return x + y


def forward(layers, x):
  for p in layers:
    x = mlp_block(p, x)
  return x
