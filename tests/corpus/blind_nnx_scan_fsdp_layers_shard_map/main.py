"""Stacked NNX layers created with nnx.vmap and applied with nnx.scan; each layer all-gathers its
FSDP-sharded kernel, inside nnx.shard_map under nnx.jit."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

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
layer_specs = nnx.StateSharding({nnx.Param: P(None, "fsdp")})


@nnx.jit
def forward(layers, x):
    @nnx.shard_map(mesh=mesh, in_specs=(layer_specs, P("fsdp")), out_specs=P("fsdp"))
    def sharded(layers, x):
        @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
        def step(layer, h):
            return layer(h)
        return step(layers, x)
    return sharded(layers, x)


forward.trace(layers, jnp.ones((32, 64))).lower(lowering_platforms=("cuda",))
