import jax
import jax.numpy as jnp
from jax import lax as L

from .constants import AXIS

__all__ = ["allreduce_mean", "allreduce_sum", "global_norm", "per_device_key"]


def per_device_key(key, axis_name=AXIS):
  """Give every data-parallel shard its own dropout stream."""
  return jax.random.fold_in(key, L.axis_index(axis_name))


def allreduce_sum(tree, axis_name=AXIS):
  return jax.tree.map(lambda t: L.psum(t, axis_name), tree)


def allreduce_mean(tree, axis_name=AXIS):
  return jax.tree.map(lambda t: L.pmean(t, axis_name), tree)


def global_norm(tree):
  leaves = jax.tree.leaves(tree)
  return jnp.sqrt(sum(jnp.sum(jnp.square(x)) for x in leaves))
