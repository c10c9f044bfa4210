import jax
from flax import nnx

from parallel import ops


class ParallelMLP(nnx.Module):
    def __init__(self, d_model, d_ff, *, rngs: nnx.Rngs):
        self.up = nnx.Linear(d_model, d_ff, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(d_ff, d_model, use_bias=False, rngs=rngs)

    def __call__(self, x):
        h = jax.nn.silu(self.up(x))
        return ops.reduce_from_tp(self.down(h))
