"""Parameter init with the sharding written into the type (explicit sharding mode)."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def init_mlp(key, d_model, d_ff, n_layers):
  layers = []
  for k in jax.random.split(key, n_layers):
    k_in, k_out = jax.random.split(k)
    layers.append({
        # column-parallel: output features split over "model"
        "w_in": jax.random.normal(k_in, (d_model, d_ff), out_sharding=P(None, "model"))
                * d_model ** -0.5,
        "b_in": jnp.zeros((d_ff,), out_sharding=P("model")),
        # row-parallel: input features split over "model"
        "w_out": jax.random.normal(k_out, (d_ff, d_model), out_sharding=P("model", None))
                 * d_ff ** -0.5,
    })
  return layers
