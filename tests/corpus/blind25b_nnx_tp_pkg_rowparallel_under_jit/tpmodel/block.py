from flax import nnx
from .layers import ColumnParallelLinear, RowParallelLinear


class ParallelMLP(nnx.Module):
    def __init__(self, d, hidden, *, rngs):
        self.up = ColumnParallelLinear(d, hidden, rngs=rngs)
        self.down = RowParallelLinear(hidden, d, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.gelu(self.up(x)))
