"""ZeRO-2 style: reduce-scatter flat grads, update a shard, all-gather params."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.flatten_util import ravel_pytree


def num_shards(mesh, axes):
  n = 1
  for a in axes:
    n *= mesh.shape[a]
  return n


def pad_to(flat, multiple):
  rem = (-flat.shape[0]) % multiple
  return jnp.pad(flat, (0, rem))


def sharded_sgd_update(params, grads, lr, axes, n):
  flat_p, unravel = ravel_pytree(params)
  flat_g, _ = ravel_pytree(grads)
  size = flat_p.shape[0]
  flat_p, flat_g = pad_to(flat_p, n), pad_to(flat_g, n)
  g_shard = lax.psum_scatter(flat_g, axes, scatter_dimension=0, tiled=True) / n
  idx = lax.axis_index(axes)
  chunk = flat_p.shape[0] // n
  p_shard = lax.dynamic_slice_in_dim(flat_p, idx * chunk, chunk) - lr * g_shard
  new_flat = lax.all_gather(p_shard, axes, tiled=True)
  return unravel(new_flat[:size])
