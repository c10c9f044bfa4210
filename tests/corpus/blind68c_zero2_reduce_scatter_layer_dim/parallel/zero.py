"""Gradient reduce-scatter / param all-gather helpers for ZeRO-2 over the `data` axis."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

AXIS = "data"


def shard_dim(x):
  # Optimizer state is partitioned along the trailing (feature) dimension: the
  # leading one is the stacked-layers axis for the scanned blocks.
  return x.ndim - 1


def shard_spec(x):
  spec = [None] * x.ndim
  spec[shard_dim(x)] = AXIS
  return P(*spec)


def reduce_scatter_grads(grads):
  n = lax.psum(1, AXIS)
  return jax.tree.map(lambda g: lax.psum_scatter(g, AXIS, tiled=True) / n, grads)


def local_slice(x):
  n = lax.psum(1, AXIS)
  d = shard_dim(x)
  size = x.shape[d] // n
  return lax.dynamic_slice_in_dim(x, lax.axis_index(AXIS) * size, size, axis=d)


def gather_params(shards):
  return jax.tree.map(lambda s: lax.all_gather(s, AXIS, axis=shard_dim(s), tiled=True), shards)
