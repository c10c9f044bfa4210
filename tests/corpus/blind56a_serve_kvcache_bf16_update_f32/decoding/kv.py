import jax.numpy as jnp
from jax import lax as L

# Serving keeps the cache in bf16 to halve HBM; weights stay in f32 for now.
CACHE_DTYPE = jnp.bfloat16


def empty_cache(n_layers, batch, max_len, n_heads, head_dim):
  shape = (n_layers, batch, max_len, n_heads, head_dim)
  return {"k": jnp.zeros(shape, CACHE_DTYPE), "v": jnp.zeros(shape, CACHE_DTYPE)}


def update_layer(cache, layer, k, v, step):
  """k, v: [batch, n_heads, head_dim] for the token at `step`."""
  k_cache = L.dynamic_update_slice(cache["k"], k[None, :, None], (layer, 0, step, 0, 0))
  v_cache = L.dynamic_update_slice(cache["v"], v[None, :, None], (layer, 0, step, 0, 0))
  return {"k": k_cache, "v": v_cache}


def read_layer(cache, layer):
  return cache["k"][layer], cache["v"][layer]
