import jax
from jax.sharding import PartitionSpec as P

_LAYER_SPECS = {
    # layer: (kernel spec, bias spec)
    "fc1": (P(None, "model"), P("model")),  # column parallel
    "fc2": (P("model", None), P()),  # row parallel, bias added after psum
}


def param_specs(params):
  """PartitionSpec for every leaf of an nnx.State of Params, chosen by layer name."""

  def spec_for(path, leaf):
    layer = path[0].key
    kernel_spec, bias_spec = _LAYER_SPECS[layer]
    return kernel_spec if leaf.ndim == 2 else bias_spec

  return jax.tree.map_with_path(spec_for, params)
