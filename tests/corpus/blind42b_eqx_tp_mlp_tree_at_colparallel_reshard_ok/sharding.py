import equinox as eqx
import jax
from jax.sharding import PartitionSpec as P


def shard_mlp(mlp):
  """Column-parallel fc1 (eqx weights are [out, in]), row-parallel fc2."""
  where = lambda m: (m.fc1.weight, m.fc1.bias, m.fc2.weight)
  specs = (P('model', None), P('model'), P(None, 'model'))
  return eqx.tree_at(where, mlp, [jax.device_put(a, s) for a, s in zip(where(mlp), specs)])
