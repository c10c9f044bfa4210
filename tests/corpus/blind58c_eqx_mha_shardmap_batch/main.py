from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class EncoderLayer(eqx.Module):
    attn: eqx.nn.MultiheadAttention
    ln1: eqx.nn.LayerNorm
    ln2: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP

    def __init__(self, dim, heads, key):
        k1, k2 = jax.random.split(key)
        self.attn = eqx.nn.MultiheadAttention(heads, dim, key=k1)
        self.ln1 = eqx.nn.LayerNorm(dim)
        self.ln2 = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, width_size=4 * dim, depth=1, key=k2)

    def __call__(self, x):
        h = jax.vmap(self.ln1)(x)
        x = x + self.attn(h, h, h)
        return x + jax.vmap(self.mlp)(jax.vmap(self.ln2)(x))


mesh = Mesh(np.array(jax.devices()), ("data",))


def sharded_loss(layer, x):
    params, static = eqx.partition(layer, eqx.is_array)
    param_specs = jax.tree.map(lambda _: P(), params)

    @partial(shard_map, mesh=mesh, in_specs=(param_specs, P("data")), out_specs=P())
    def local(params, x):
        layer = eqx.combine(params, static)
        y = jax.vmap(layer)(x)
        return lax.pmean(jnp.mean(y ** 2), "data")

    return local(params, x)


def main():
    layer = EncoderLayer(64, 4, jax.random.PRNGKey(0))
    params, static = eqx.partition(layer, eqx.is_array)
    grad_fn = jax.jit(jax.grad(lambda p, x: sharded_loss(eqx.combine(p, static), x)))
    x = jax.ShapeDtypeStruct((16, 32, 64), jnp.float32)
    grad_fn.trace(params, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
    main()
