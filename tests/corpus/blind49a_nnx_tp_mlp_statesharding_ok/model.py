"""Tensor-parallel MLP block, following the nnx.shard_map docstring (StateSharding + filters)."""
import jax
from flax import nnx
from jax.sharding import PartitionSpec as P


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.linear1 = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.linear2 = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return self.linear2(jax.nn.relu(self.linear1(x)))


def path_ends_with(*path_suffix):  # custom filter
  return lambda path, value: path[-len(path_suffix):] == path_suffix


model_spec = nnx.StateSharding({
    path_ends_with('linear1', 'kernel'): P(None, 'model'),
    path_ends_with('linear2', 'kernel'): P('model', None),
})


def make_tp_forward(mesh):
  @nnx.shard_map(mesh=mesh, in_specs=(model_spec, P(None)), out_specs=P(None))
  def forward(m, x):
    y = m(x)
    return jax.lax.psum(y, 'model')
  return forward
