import jax
from jax import lax
from flax import nnx

TP_AXIS = "model"


class ColumnParallelLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

    def __call__(self, x):
        return x @ self.w[...]


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)))

    def __call__(self, x):
        y = x @ self.w[...]
        return lax.psum(y, TP_AXIS)
