import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

TP = "model"


class ColRowMLP(nnx.Module):
    def __init__(self, dim, hidden, *, rngs):
        self.up = nnx.Linear(dim, hidden, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(hidden, dim, use_bias=False, rngs=rngs)

    def __call__(self, x):
        partial = self.down(nnx.silu(self.up(x)))
        return jax.lax.psum(partial, TP)


class GatedBlock(nnx.Module):
    def __init__(self, dim, hidden, *, rngs):
        self.norm = nnx.RMSNorm(dim, rngs=rngs)
        self.mlp = ColRowMLP(dim, hidden, rngs=rngs)

    def __call__(self, x, enabled):
        run = nnx.remat(lambda blk, x: x + blk.mlp(blk.norm(x)))
        return nnx.cond(enabled, run, lambda blk, x: x, self, x)


def _endswith(*suffix):
    return lambda path, _: path[-len(suffix):] == suffix


BLOCK_SPEC = nnx.StateSharding({
    _endswith("up", "kernel"): P(None, TP),
    _endswith("down", "kernel"): P(TP, None),
    ...: P(),
})
