"""Megatron-style tensor-parallel linear layers for NNX.

Kernels are created at full size with sharding annotations; inside the
per-device program each layer only sees its local slice.
"""
from jax import lax
from flax import nnx

TP_AXIS = 'model'
_init = nnx.initializers.lecun_normal()


class ColumnParallelLinear(nnx.Module):

  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.kernel = nnx.Param(_init(rngs.params(), (din, dout)),
                            sharding=(None, TP_AXIS))
    self.bias = nnx.Param(nnx.initializers.zeros_init()(rngs.params(), (dout,)),
                          sharding=(TP_AXIS,))

  def __call__(self, x):
    return x @ self.kernel[...] + self.bias[...]


class RowParallelLinear(nnx.Module):

  def __init__(self, din: int, dout: int, *, rngs: nnx.Rngs):
    self.kernel = nnx.Param(_init(rngs.params(), (din, dout)),
                            sharding=(TP_AXIS, None))

  def __call__(self, x):
    partial = x @ self.kernel[...]
    return lax.psum(partial, TP_AXIS)
