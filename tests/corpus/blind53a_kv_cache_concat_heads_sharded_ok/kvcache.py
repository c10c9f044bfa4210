import jax.numpy as jnp


def append_kv(cache_k, cache_v, k, v):
    """Append this step's keys/values along the time axis."""
    return (jnp.concatenate([cache_k, k], axis=1),
            jnp.concatenate([cache_v, v], axis=1))
