from jax import lax
from flax import nnx

TP = "model"
init = nnx.initializers.lecun_normal()


class ColumnParallelLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.linear = nnx.Linear(din, dout, use_bias=False,
                                 kernel_init=nnx.with_partitioning(init, (None, TP)), rngs=rngs)

    def __call__(self, x):
        return self.linear(x)


class RowParallelLinear(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.linear = nnx.Linear(din, dout, use_bias=False,
                                 kernel_init=nnx.with_partitioning(init, (TP, None)), rngs=rngs)

    def __call__(self, x):
        return lax.psum(self.linear(x), TP)


class ParallelMLP(nnx.Module):
    def __init__(self, d, hidden, *, rngs):
        self.up = ColumnParallelLinear(d, hidden, rngs=rngs)
        self.down = RowParallelLinear(hidden, d, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.relu(self.up(x)))
