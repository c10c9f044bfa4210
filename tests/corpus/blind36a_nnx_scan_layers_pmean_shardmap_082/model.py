import jax
from flax import nnx

DATA = "data"


class SyncNormBlock(nnx.Module):
    """Linear + batch statistics synchronised across data-parallel shards."""

    def __init__(self, d, rngs: nnx.Rngs):
        self.linear = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, x):
        h = self.linear(x)
        mu = jax.lax.pmean(h.mean(axis=0), DATA)
        var = jax.lax.pmean(((h - mu) ** 2).mean(axis=0), DATA)
        return nnx.relu((h - mu) * jax.lax.rsqrt(var + 1e-5))


class Stack(nnx.Module):
    def __init__(self, d, depth, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=depth)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def create_block(rngs: nnx.Rngs):
            return SyncNormBlock(d, rngs)

        self.blocks = create_block(rngs)

    def __call__(self, x):
        @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
        def forward(block, x):
            return block(x)

        return forward(self.blocks, x)
