import equinox as eqx
import jax
import jax.random as jr

from .parallel_linear import ColumnParallelLinear, RowParallelLinear


class ParallelMLP(eqx.Module):
    up: ColumnParallelLinear
    down: RowParallelLinear

    def __init__(self, dim, hidden, *, tp_axis, key):
        k1, k2 = jr.split(key)
        self.up = ColumnParallelLinear(dim, hidden, key=k1)
        self.down = RowParallelLinear(hidden, dim, axis_name=tp_axis, key=k2)

    def __call__(self, x):
        return x + self.down(jax.nn.gelu(self.up(x)))
