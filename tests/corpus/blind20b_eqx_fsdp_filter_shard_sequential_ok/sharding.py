import equinox as eqx
import jax
from jax.sharding import NamedSharding, PartitionSpec as P


def fsdp_shardings(model, mesh, axis="fsdp"):
  n = mesh.shape[axis]

  def spec(leaf):
    if eqx.is_array(leaf) and leaf.ndim == 2 and leaf.shape[0] % n == 0:
      return NamedSharding(mesh, P(axis, None))
    return NamedSharding(mesh, P())

  return jax.tree.map(spec, eqx.filter(model, eqx.is_array))
