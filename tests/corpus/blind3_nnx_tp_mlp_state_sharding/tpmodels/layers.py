"""Megatron-style linears. Inside the manual region each device holds a slice of the kernel:
the column-parallel layer needs no communication, the row-parallel one sums the partial
products over the tensor-parallel axis."""
import jax
import jax.numpy as jnp
from flax import nnx


class ColumnParallelLinear(nnx.Module):
  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False, rngs=rngs)

  def __call__(self, x: jax.Array) -> jax.Array:
    return self.linear(x)


class RowParallelLinear(nnx.Module):
  def __init__(self, din: int, dout: int, *, axis_name: str, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False, rngs=rngs)
    self.axis_name = axis_name

  def __call__(self, x: jax.Array) -> jax.Array:
    y = self.linear(x)
    return jax.lax.psum(y, self.axis_name)
