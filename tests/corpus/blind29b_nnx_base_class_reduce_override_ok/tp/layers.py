import jax
import jax.numpy as jnp
from flax import nnx

TP_AXIS = "model"


class ParallelLinearBase(nnx.Module):
    """Base: local matmul, then a subclass-defined reduction."""
    kernel_axes = (None, None)

    def __init__(self, din, dout, *, rngs):
        init = nnx.with_partitioning(nnx.initializers.lecun_normal(), self.kernel_axes)
        self.kernel = nnx.Param(init(rngs.params(), (din, dout)))

    def reduce(self, y):
        raise NotImplementedError

    def __call__(self, x):
        return self.reduce(x @ self.kernel[...])


class ColumnParallelLinear(ParallelLinearBase):
    kernel_axes = (None, TP_AXIS)

    def reduce(self, y):
        return y


class RowParallelLinear(ParallelLinearBase):
    kernel_axes = (TP_AXIS, None)

    def reduce(self, y):
        return jax.lax.psum(y, TP_AXIS)
