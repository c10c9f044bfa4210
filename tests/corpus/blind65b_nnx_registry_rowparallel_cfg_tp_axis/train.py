import jax
from flax import nnx
from jax.sharding import PartitionSpec as P


def tp_param_specs(state, tensor_axis):
  """Column kernels/biases split on the output dim, row kernels on the input dim."""

  def spec(path, leaf):
    names = [k.key for k in path if isinstance(k, jax.tree_util.DictKey)]
    if "up" in names:
      return P(None, tensor_axis) if names[-1] == "kernel" else P(tensor_axis)
    if "down" in names and names[-1] == "kernel":
      return P(tensor_axis, None)
    return P()

  return jax.tree_util.tree_map_with_path(
      spec, state, is_leaf=lambda x: isinstance(x, nnx.Variable))


def make_forward(graphdef, state, mesh, mesh_cfg):
  state_specs = tp_param_specs(state, mesh_cfg.tensor_axis)
  x_spec = P(mesh_cfg.data_axis, None)

  def forward(state, x):
    model = nnx.merge(graphdef, state)
    return model(x)

  return jax.jit(jax.shard_map(forward, mesh=mesh,
                               in_specs=(state_specs, x_spec),
                               out_specs=x_spec))
