import jax
from jax.sharding import PartitionSpec as P


def tp_specs(params, tp_axis):
  def spec(path, leaf):
    names = [getattr(k, "key", str(k)) for k in path]
    if "up" in names:
      return P(None, None, tp_axis) if names[-1] == "kernel" else P(None, tp_axis)
    if "down" in names:
      return P(None, tp_axis, None)
    return P()
  return jax.tree_util.tree_map_with_path(spec, params)
