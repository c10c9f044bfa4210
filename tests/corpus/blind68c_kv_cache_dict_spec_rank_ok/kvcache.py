import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

RULES = {
    "layers": None,
    "cache_batch": "data",
    "cache_sequence": None,
    "cache_heads": "model",
    "cache_kv": None,
}

# Logical layout of one layer's decode cache (the cache is a list of per-layer dicts).
CACHE_AXES = ("cache_batch", "cache_sequence", "cache_heads", "cache_kv")


def cache_sharding(mesh):
  spec = P(*(RULES[a] for a in CACHE_AXES))
  return NamedSharding(mesh, spec)


def init_cache(n_layers, batch, max_len, n_kv_heads, head_dim, dtype=jnp.bfloat16):
  shape = (batch, max_len, n_kv_heads, head_dim)
  return [{"k": jnp.zeros(shape, dtype), "v": jnp.zeros(shape, dtype)}
          for _ in range(n_layers)]


def update(layer_cache, k_new, v_new, pos):
  k = jax.lax.dynamic_update_slice_in_dim(layer_cache["k"], k_new, pos, axis=1)
  v = jax.lax.dynamic_update_slice_in_dim(layer_cache["v"], v_new, pos, axis=1)
  return {"k": k, "v": v}
