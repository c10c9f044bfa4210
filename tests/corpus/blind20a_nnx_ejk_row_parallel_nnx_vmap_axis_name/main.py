import jax
import jax.numpy as jnp
from flax import nnx

from rs_kernel import reduce_scatter_matmul

TP = 4


class RowParallelLinear(nnx.Module):
    def __init__(self, d_in_local, d_out, *, rngs: nnx.Rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (d_out, d_in_local)) * 0.02)

    def __call__(self, x):
        return reduce_scatter_matmul(x, self.w[...], "tp", TP)


@nnx.split_rngs(splits=TP)
@nnx.vmap(in_axes=0, out_axes=0)
def make_ranks(rngs: nnx.Rngs):
    return RowParallelLinear(128, 128, rngs=rngs)


ranks = make_ranks(nnx.Rngs(0))


@nnx.jit
def forward(ranks, x):
    return nnx.vmap(lambda layer, x: layer(x), in_axes=(0, 0), axis_name="tp")(ranks, x)


x = jnp.ones((TP, 256, 128), jnp.float32)
forward.trace(ranks, x).lower(lowering_platforms=("tpu",))
