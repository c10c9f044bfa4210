"""Megatron-style MLP: the first projection is column-parallel, the second row-parallel,
so each shard holds a slice of the hidden units and the partial outputs are summed."""
import jax
from flax import nnx


class ParallelMLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, tp_axis: str, rngs: nnx.Rngs):
    self.up = nnx.Linear(din, dhidden, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(dhidden, dout, use_bias=False, rngs=rngs)
    self.tp_axis = tp_axis

  def __call__(self, x):
    h = jax.nn.gelu(self.up(x))
    y = self.down(h)
    return jax.lax.psum(y, self.tp_axis)
