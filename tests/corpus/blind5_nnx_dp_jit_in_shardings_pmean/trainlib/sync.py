"""Gradient synchronisation helpers carried over from the pmap version of the trainer."""
import jax
from jax import lax as L

DATA_AXIS = "batch"


def all_reduce_mean(tree, axis_name=DATA_AXIS):
  return jax.tree.map(lambda g: L.pmean(g, axis_name=axis_name), tree)
