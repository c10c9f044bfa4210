"""Megatron-style tensor-parallel MLP stack: layers stacked with nnx.vmap, applied with
nnx.scan inside a shard_map over 'model'; each layer's row-parallel projection ends in a psum."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_LAYERS, D, H, TP = 3, 64, 256, 4


class TPBlock(nnx.Module):
    def __init__(self, rngs):
        self.up = nnx.Linear(D, H, rngs=rngs)
        self.down = nnx.Linear(H, D, use_bias=False, rngs=rngs)
        self.bias = nnx.Param(jnp.zeros((D,)))

    def __call__(self, x):
        h = nnx.gelu(self.up(x))
        partial_out = self.down(h)
        return x + jax.lax.psum(partial_out, "model") + self.bias[...]


@nnx.split_rngs(splits=N_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stack(rngs):
    return TPBlock(rngs)


stack = make_stack(nnx.Rngs(0))
graphdef, state = nnx.split(stack)


def spec_for(path, _):
    names = [getattr(k, "key", k) for k in path]
    if "up" in names:
        return P(None, None, "model") if "kernel" in names else P(None, "model")
    if "down" in names:
        return P(None, "model", None)
    return P()


specs = jax.tree_util.tree_map_with_path(spec_for, state)
mesh = Mesh(jax.devices()[:TP], ("model",))


def apply_stack(state, x):
    layers = nnx.merge(graphdef, state)

    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
    def run(layer, h):
        return layer(h)

    return run(layers, x)


sharded_apply = jax.shard_map(apply_stack, mesh=mesh, in_specs=(specs, P()), out_specs=P())
x = jnp.ones((8, D))
lowered = jax.jit(sharded_apply).trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered")
