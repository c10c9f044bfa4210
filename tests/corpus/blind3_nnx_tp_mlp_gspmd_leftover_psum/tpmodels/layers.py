"""Megatron-style linears, annotated for the automatic (GSPMD) path as well: the kernels carry
their partitioning so `nnx.get_partition_spec` can shard them."""
import jax
import jax.numpy as jnp
from flax import nnx

init_fn = nnx.initializers.lecun_normal()


class ColumnParallelLinear(nnx.Module):
  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False,
                             kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
                             rngs=rngs)

  def __call__(self, x: jax.Array) -> jax.Array:
    return self.linear(x)


class RowParallelLinear(nnx.Module):
  def __init__(self, din: int, dout: int, *, axis_name: str, rngs: nnx.Rngs):
    self.linear = nnx.Linear(din, dout, use_bias=False,
                             kernel_init=nnx.with_partitioning(init_fn, (axis_name, None)),
                             rngs=rngs)
    self.axis_name = axis_name

  def __call__(self, x: jax.Array) -> jax.Array:
    y = self.linear(x)
    return jax.lax.psum(y, self.axis_name)
