"""Tensor-parallel NNX block with framework aliases (`import flax.nnx as nnx`,
`from flax.nnx import jit as njit`): the block psums its output itself and is only njit'ed."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from flax.nnx import jit as njit


class RowParallelBlock(nnx.Module):
    def __init__(self, d, rngs, axis="tp"):
        self.up = nnx.Linear(d, 4 * d, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(4 * d, d, use_bias=False, rngs=rngs)
        self.axis = axis

    def __call__(self, x):
        return jax.lax.psum(self.down(nnx.gelu(self.up(x))), self.axis)


@njit
def forward(block, x):
    return block(x)


block = RowParallelBlock(64, nnx.Rngs(0))
forward.trace(block, jnp.ones((8, 64))).lower(lowering_platforms=("cuda",))
