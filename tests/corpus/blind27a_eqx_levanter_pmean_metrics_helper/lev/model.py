import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Model(eqx.Module):
  layers: list

  def __init__(self, cfg, key):
    keys = jax.random.split(key, cfg.depth + 1)
    dims = [cfg.in_dim] + [cfg.hidden] * cfg.depth
    self.layers = [eqx.nn.Linear(a, b, key=k) for a, b, k in zip(dims[:-1], dims[1:], keys)]
    self.layers.append(eqx.nn.Linear(cfg.hidden, 1, key=keys[-1]))

  def __call__(self, x):
    for layer in self.layers[:-1]:
      x = jax.nn.gelu(layer(x))
    return self.layers[-1](x)


def param_shardings(model, mesh, cfg):
  """FSDP: shard the first dimension of every matrix over the batch axis."""
  def spec(x):
    if eqx.is_array(x) and x.ndim == 2 and x.shape[0] % mesh.shape[cfg.batch_axis] == 0:
      return NamedSharding(mesh, P(cfg.batch_axis, None))
    return NamedSharding(mesh, P())
  return jax.tree.map(spec, eqx.filter(model, eqx.is_array))
