import equinox as eqx
import jax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

AXIS = 'batch'


def make_shardings():
  mesh = Mesh(jax.devices(), (AXIS,))
  return NamedSharding(mesh, P()), NamedSharding(mesh, P(AXIS))


def sync_grads(grads):
  """Average gradients across data-parallel replicas."""
  return jax.lax.pmean(grads, axis_name=AXIS)


def shard(tree, sharding):
  return eqx.filter_shard(tree, sharding)
