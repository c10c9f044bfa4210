import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class Pipeline(nnx.Module):
    """Runs on one pipeline rank (inside shard_map): holds that rank's Stage."""

    def __init__(self, stage, num_stages: int, axis: str = "stage"):
        self.stage = stage
        self.num_stages = num_stages
        self.axis = axis

    def shift(self, x):
        perm = [(i, i + 1) for i in range(self.num_stages - 1)]
        tok = lax.psend(x, self.axis, perm)
        return lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), self.axis, perm)

    def __call__(self, microbatches):
        n_mb = microbatches.shape[0]
        rank = lax.axis_index(self.axis)
        buf = jnp.zeros_like(microbatches[0])
        outs = []
        for t in range(n_mb + self.num_stages - 1):
            inp = jnp.where(rank == 0, microbatches[min(t, n_mb - 1)], buf)
            y = self.stage(inp)
            outs.append(y)
            if t < n_mb + self.num_stages - 2:
                buf = self.shift(y)
        last = jnp.stack(outs[self.num_stages - 1:])
        is_last = rank == self.num_stages - 1
        return lax.psum(jnp.where(is_last, last, jnp.zeros_like(last)), self.axis)
