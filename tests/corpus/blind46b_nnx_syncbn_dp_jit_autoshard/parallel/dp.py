"""Data-parallel helpers shared by the training scripts."""
import jax
from jax import lax
from jax.sharding import Mesh

DATA_AXIS = 'data'


def make_data_mesh() -> Mesh:
  return Mesh(jax.devices(), (DATA_AXIS,))


def allreduce_mean(tree):
  """Average a pytree over the data-parallel replicas (call under shard_map)."""
  return jax.tree.map(lambda g: lax.pmean(g, axis_name=DATA_AXIS), tree)
