"""Smoke-testing a pipeline stage on one host: the schedule is jitted directly."""
import jax.numpy as jnp
from flax import nnx

import pp


class Block(nnx.Module):
    def __init__(self, d, *, rngs):
        self.norm = nnx.LayerNorm(d, rngs=rngs)
        self.mlp = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        return x + nnx.gelu(self.mlp(self.norm(x)))


block = Block(32, rngs=nnx.Rngs(0))


@nnx.jit
def forward(block, microbatches):
    return pp.spmd_pipeline(block, microbatches, 4)


mbs = jnp.ones((4, 2, 32))
print(forward.trace(block, mbs).lower(lowering_platforms=("cuda",)))
