"""Helpers from the older, Auto-sharding version of the codebase."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def flatten_tokens(h):
    """[B, N, D] -> [B, N*D], keeping the batch dimension on 'data'."""
    h = jax.lax.with_sharding_constraint(h, P("data", None, "model"))
    return h.reshape(h.shape[0], -1)
