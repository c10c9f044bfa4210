import jax
import jax.numpy as jnp
from jax import lax
from jax.flatten_util import ravel_pytree

DP = 'dp'


def reduce_scatter_grads(grads):
  """ZeRO-2: each data-parallel rank keeps 1/N of the summed flat gradient."""
  flat, unravel = ravel_pytree(grads)
  n = lax.axis_size(DP)
  pad = (-flat.size) % n
  flat = jnp.pad(flat, (0, pad))
  shard = lax.psum_scatter(flat, DP, scatter_dimension=0)
  return shard, unravel, pad


def all_gather_params(shard, unravel, pad):
  flat = lax.all_gather(shard, DP, axis=0, tiled=True)
  return unravel(flat[: flat.size - pad] if pad else flat)
