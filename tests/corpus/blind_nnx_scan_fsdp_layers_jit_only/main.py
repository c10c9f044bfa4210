"""Stacked NNX layers created with nnx.vmap and applied with nnx.scan; each layer all-gathers its
FSDP-sharded kernel, under nnx.jit only (the
nnx.shard_map wrapper was dropped while debugging)."""
import jax
import jax.numpy as jnp
from flax import nnx

mesh = jax.sharding.Mesh(jax.devices(), ("fsdp",))
N_LAYERS = 3


class Layer(nnx.Module):
    def __init__(self, d, rngs):
        self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d, d)))

    def __call__(self, x):
        w = jax.lax.all_gather(self.w[...], "fsdp", axis=0, tiled=True)
        return jnp.tanh(x @ w)


@nnx.vmap(in_axes=0, out_axes=0)
def make_layers(key):
    return Layer(64, nnx.Rngs(params=key))


layers = make_layers(jax.random.split(jax.random.key(0), N_LAYERS))


@nnx.jit
def forward(layers, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def step(layer, h):
        return layer(h)
    return step(layers, x)


forward.trace(layers, jnp.ones((32, 64))).lower(lowering_platforms=("cuda",))
