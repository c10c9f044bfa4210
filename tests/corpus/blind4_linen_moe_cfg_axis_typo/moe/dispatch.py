"""Moves token buckets between expert-parallel shards."""
import jax.lax as lax


def dispatch(buckets, axis_name):
  """[experts, capacity, d] on every shard -> [shards, local_experts, capacity, d] of the local experts."""
  e, c, d = buckets.shape
  n = lax.axis_size(axis_name)
  buckets = buckets.reshape(n, e // n, c, d)
  return lax.all_to_all(buckets, axis_name, split_axis=0, concat_axis=0, tiled=True)


def combine(outputs, axis_name):
  """Inverse of `dispatch`."""
  out = lax.all_to_all(outputs, axis_name, split_axis=0, concat_axis=0, tiled=True)
  n, le, c, d = out.shape
  return out.reshape(n * le, c, d)
