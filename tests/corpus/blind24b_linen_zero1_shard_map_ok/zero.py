"""ZeRO-1: gradients reduce-scattered over the data axis, each device updates its slice of
the flattened parameters with its slice of the optimizer state, then all-gathers."""
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.flatten_util import ravel_pytree

AXIS = "data"


def zero1_update(tx, flat_params, opt_state_shard, grads):
    flat_grads, _ = ravel_pytree(grads)
    g_shard = lax.psum_scatter(flat_grads, AXIS, scatter_dimension=0, tiled=True) / lax.axis_size(AXIS)
    n = g_shard.shape[0]
    p_shard = lax.dynamic_slice_in_dim(flat_params, lax.axis_index(AXIS) * n, n)
    updates, opt_state_shard = tx.update(g_shard, opt_state_shard, p_shard)
    p_shard = optax.apply_updates(p_shard, updates)
    return lax.all_gather(p_shard, AXIS, tiled=True), opt_state_shard
