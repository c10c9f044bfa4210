"""Megatron-style MLP block: column-parallel up projection, row-parallel down projection."""
from flax import nnx

_init = nnx.initializers.lecun_normal()


class MLPBlock(nnx.Module):
    def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(d_model, rngs=rngs)
        self.up = nnx.Linear(
            d_model, d_ff, use_bias=False,
            kernel_init=nnx.with_partitioning(_init, (None, "model")), rngs=rngs)
        self.down = nnx.Linear(
            d_ff, d_model, use_bias=False,
            kernel_init=nnx.with_partitioning(_init, ("model", None)), rngs=rngs)

    def __call__(self, x, reduce_fn=None):
        h = nnx.gelu(self.up(self.norm(x)))
        y = self.down(h)
        if reduce_fn is not None:
            # the down projection only saw a slice of d_ff: sum the partials
            y = reduce_fn(y)
        return x + y


class Model(nnx.Module):
    def __init__(self, d_model: int, d_ff: int, n_layers: int, *, rngs: nnx.Rngs):
        self.blocks = nnx.List([MLPBlock(d_model, d_ff, rngs=rngs) for _ in range(n_layers)])

    def __call__(self, x, reduce_fn=None):
        for blk in self.blocks:
            x = blk(x, reduce_fn=reduce_fn)
        return x
