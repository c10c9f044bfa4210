import jax
from jax.sharding import PartitionSpec as P

_LAYER_SPECS = {
    "fc1": P(None, "model"),  # column parallel
    "fc2": P("model", None),  # row parallel
}


def param_specs(params):
  """PartitionSpec for every leaf of an nnx.State of Params, chosen by layer name."""

  def spec_for(path, leaf):
    layer = path[0].key
    return _LAYER_SPECS[layer]

  return jax.tree.map_with_path(spec_for, params)
