"""All-gather collective matmul (shard_map docs) as an NNX layer: the lhs blocks rotate around
the ring with ppermute while each device multiplies the block it holds."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

D, F = 128, 512


class CollectiveMatmulDense(nnx.Module):
    def __init__(self, rngs):
        self.kernel = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (D, F)))

    def __call__(self, lhs_block):
        return allgather_matmul(lhs_block, self.kernel[...])


def allgather_matmul(lhs_block, rhs_block):
    n = jax.lax.axis_size("i")
    idx = jax.lax.axis_index("i")
    shift = functools.partial(jax.lax.ppermute, axis_name="i",
                              perm=[(j, (j + 1) % n) for j in range(n)])
    b = lhs_block.shape[0]
    out = jnp.zeros((b * n, rhs_block.shape[1]), lhs_block.dtype)
    out = jax.lax.pcast(out, "i", to="varying")

    def body(k, carry):
        out, lhs = carry
        piece = lhs @ rhs_block
        out = jax.lax.dynamic_update_slice_in_dim(out, piece, ((idx - k) % n) * b, axis=0)
        return out, shift(lhs)

    out, _ = jax.lax.fori_loop(0, n, body, (out, lhs_block))
    return out


mesh = Mesh(jax.devices(), ("i",))
layer = CollectiveMatmulDense(nnx.Rngs(0))
graphdef, state = nnx.split(layer)


@jax.jit
def forward(state, x):
    def per_device(state, x_block):
        return nnx.merge(graphdef, state)(x_block)

    return jax.shard_map(per_device, mesh=mesh, in_specs=(P(None, "i"), P("i", None)),
                         out_specs=P(None, "i"))(state, x)


x = jnp.ones((64, D))
lowered = forward.trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered")
