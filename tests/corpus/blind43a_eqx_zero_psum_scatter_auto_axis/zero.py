import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

DP = 'data'
# every replica of the weights: data-parallel ranks and the tensor-parallel group
REPLICA_AXES = (DP, 'model')


def reduce_scatter_grads(grads, n_shards):
  flat, _ = ravel_pytree(grads)
  pad = (-flat.size) % n_shards
  flat = jnp.pad(flat, (0, pad))
  # each data-parallel rank keeps 1/n of the summed gradient
  return jax.lax.psum_scatter(flat, REPLICA_AXES, scatter_dimension=0, tiled=True) / n_shards
