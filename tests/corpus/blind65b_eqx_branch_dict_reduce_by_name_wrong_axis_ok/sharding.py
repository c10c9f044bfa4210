import jax
from jax.sharding import PartitionSpec as P


def tp_specs(params, axes):

  def spec(path, leaf):
    names = [getattr(k, "name", getattr(k, "key", None)) for k in path]
    if "up" in names:
      return P(axes.model, None) if names[-1] == "weight" else P(axes.model)
    if "down" in names:
      return P(None, axes.model)
    return P()

  return jax.tree_util.tree_map_with_path(spec, params)
