"""All-gather collective matmul (shard_map docs) inside a Flax Linen layer, JAX 0.8.2."""
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

D, F = 128, 512


def allgather_matmul(lhs_block, rhs_block):
    n = jax.lax.psum(1, "i")
    idx = jax.lax.axis_index("i")
    shift = partial(jax.lax.ppermute, axis_name="i", perm=[(j, (j + 1) % n) for j in range(n)])
    b = lhs_block.shape[0]
    out = jnp.zeros((b * n, rhs_block.shape[1]), lhs_block.dtype)

    def body(k, carry):
        out, lhs = carry
        out = jax.lax.dynamic_update_slice_in_dim(out, lhs @ rhs_block, ((idx - k) % n) * b, 0)
        return out, shift(lhs)

    out, _ = jax.lax.fori_loop(0, n, body, (out, lhs_block))
    return out


class CollectiveDense(nn.Module):
    features_per_shard: int

    @nn.compact
    def __call__(self, x_block):
        kernel = self.param("kernel", nn.initializers.lecun_normal(),
                            (x_block.shape[-1], self.features_per_shard))
        return allgather_matmul(x_block, kernel)


mesh = Mesh(jax.devices(), ("i",))
layer = CollectiveDense(F // 4)
params = {"params": {"kernel": jnp.ones((4, D, F // 4))}}


@jax.jit
def forward(params, x):
    @partial(jax.shard_map, mesh=mesh, in_specs=(P("i"), P("i", None)), out_specs=P(None, "i"))
    def per_device(params, x_block):
        local = jax.tree.map(lambda a: a[0], params)
        return layer.apply(local, x_block)

    return per_device(params, x)


x = jnp.ones((64, D))
lowered = forward.trace(params, x).lower(lowering_platforms=("cuda",))
print("lowered")
