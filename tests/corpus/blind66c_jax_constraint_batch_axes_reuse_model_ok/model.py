import jax
import jax.numpy as jnp

from sharding import constrain


def init(key, cfg):
  layers = []
  for k in jax.random.split(key, cfg["num_layers"]):
    k1, k2 = jax.random.split(k)
    layers.append({
        "wi": jax.random.normal(k1, (cfg["d_model"], cfg["d_ff"])) * cfg["d_model"] ** -0.5,
        "wo": jax.random.normal(k2, (cfg["d_ff"], cfg["d_model"])) * cfg["d_ff"] ** -0.5,
    })
  return layers


def mlp_block(p, x, cfg):
  h = jnp.einsum("bld,df->blf", x, p["wi"])
  h = constrain(jax.nn.gelu(h), cfg["batch_axes"], None, cfg["mlp_axis"])
  y = jnp.einsum("blf,fd->bld", h, p["wo"])
  return constrain(x + y, cfg["batch_axes"], None, None)


def forward(params, x, cfg):
  for p in params:
    x = mlp_block(p, x, cfg)
  return x
