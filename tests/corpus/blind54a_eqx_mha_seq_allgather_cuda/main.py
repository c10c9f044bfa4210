"""Sequence-parallel self-attention: each device holds a query block, gathers K/V inputs."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

SEQ = "seq"
mesh = Mesh(np.array(jax.devices()), (SEQ,))


class Attn(eqx.Module):
    mha: eqx.nn.MultiheadAttention
    ln: eqx.nn.LayerNorm

    def __init__(self, dim, heads, key):
        self.mha = eqx.nn.MultiheadAttention(heads, dim, key=key)
        self.ln = eqx.nn.LayerNorm(dim)

    def __call__(self, x_block):
        h = jax.vmap(self.ln)(x_block)
        full = lax.all_gather(h, SEQ, axis=0, tiled=True)
        return x_block + self.mha(h, full, full)


def build(key):
    model = Attn(128, 4, key)
    params, static = eqx.partition(model, eqx.is_array)

    @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(SEQ)), out_specs=P(SEQ))
    def apply(params, x):
        return eqx.combine(params, static)(x)

    return jax.jit(apply), params


if __name__ == "__main__":
    fwd, params = build(jax.random.key(0))
    x = jax.ShapeDtypeStruct((256, 128), jnp.float32)
    fwd.trace(params, x).lower(lowering_platforms=("cuda",))
