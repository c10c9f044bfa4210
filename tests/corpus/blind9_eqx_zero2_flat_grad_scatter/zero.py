import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree


def padded_size(n, shards):
  return -(-n // shards) * shards


def zero2_update(grads, params_flat_shard, opt_state, optim, axis_name, num_shards):
  """ZeRO-2: reduce-scatter the flat gradient, update the local shard, all-gather params."""
  flat_grads, _ = ravel_pytree(grads)
  pad = padded_size(flat_grads.size, num_shards) - flat_grads.size
  flat_grads = jnp.pad(flat_grads, (0, pad))
  grad_shard = jax.lax.psum_scatter(flat_grads, axis_name, scatter_dimension=0, tiled=True)
  grad_shard = grad_shard / num_shards
  updates, opt_state = optim.update(grad_shard, opt_state, params_flat_shard)
  new_shard = params_flat_shard + updates
  full = jax.lax.all_gather(new_shard, axis_name, axis=0, tiled=True)
  return new_shard, full[:full.size - pad], opt_state
