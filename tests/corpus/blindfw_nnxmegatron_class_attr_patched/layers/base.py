"""Megatron-style parallel linear layers: inside shard_map each device multiplies by its slice
of the weight, then a layer-specific collective over the tensor-parallel axis."""
import jax
from flax import nnx


class ParallelLinear(nnx.Module):
  axis_name = 'tp'

  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

  def communicate(self, y: jax.Array) -> jax.Array:
    raise NotImplementedError

  def __call__(self, x: jax.Array) -> jax.Array:
    return self.communicate(x @ self.kernel[...])
