import jax
from flax import nnx

MODELS = {}


def register_model(name):
  def deco(cls):
    MODELS[name] = cls
    return cls
  return deco


def create_model(name, **kwargs):
  return MODELS[name](**kwargs)


@register_model("mlp")
class DenseMLP(nnx.Module):
  def __init__(self, d, *, rngs, tp_axis=None):
    self.fc1 = nnx.Linear(d, 4 * d, rngs=rngs)
    self.fc2 = nnx.Linear(4 * d, d, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.gelu(self.fc1(x)))


@register_model("tp_mlp")
class TensorParallelMLP(nnx.Module):
  """Local shard of a Megatron MLP: run it under shard_map over tp_axis."""

  def __init__(self, d, *, rngs, tp_axis="tp", tp_size=2):
    self.tp_axis = tp_axis
    self.fc1 = nnx.Linear(d, 4 * d // tp_size, rngs=rngs)
    self.fc2 = nnx.Linear(4 * d // tp_size, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    y = self.fc2(nnx.gelu(self.fc1(x)))
    return jax.lax.psum(y, self.tp_axis)
