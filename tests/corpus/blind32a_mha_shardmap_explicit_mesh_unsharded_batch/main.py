"""Self-attention encoder block, data parallel with shard_map; the batch is never placed on the mesh."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class EncoderBlock(eqx.Module):
    attn: eqx.nn.MultiheadAttention
    ln1: eqx.nn.LayerNorm
    ln2: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, dim, heads, *, key):
        k1, k2 = jax.random.split(key)
        self.attn = eqx.nn.MultiheadAttention(heads, dim, key=k1)
        self.ln1 = eqx.nn.LayerNorm(dim)
        self.ln2 = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, 1, key=k2)

    def __call__(self, x):
        h = jax.vmap(self.ln1)(x)
        x = x + self.attn(h, h, h)
        return x + jax.vmap(self.mlp)(jax.vmap(self.ln2)(x))


mesh = jax.make_mesh((4,), ("dp",))
block = EncoderBlock(64, 4, key=jax.random.key(0))
params, static = eqx.partition(block, eqx.is_array)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("dp")), out_specs=P())
def loss_and_grads(params, tokens):
    def loss(params):
        blk = eqx.combine(params, static)
        out = jax.vmap(blk)(tokens)
        return jnp.mean(out**2)

    l, g = jax.value_and_grad(loss)(params)
    return jax.lax.pmean((l, g), "dp")


tokens = jnp.ones((8, 16, 64))
print(loss_and_grads.trace(params, tokens).lower(lowering_platforms=("cuda",)) is not None)
