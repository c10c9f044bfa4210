"""Megatron-style TP block stack applied with nnx.scan under nnx.jit: the single-host debug
entry point calls the same layers, whose row-parallel projection ends in a psum over 'model'."""
import jax
import jax.numpy as jnp
from flax import nnx

N_LAYERS, D, H = 3, 64, 256


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


@nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
def run_stack(layer, h):
    return layer(h)


@nnx.jit
def debug_forward(stack, x):
    return run_stack(stack, x)


stack = make_stack(nnx.Rngs(0))
x = jnp.ones((8, D))
lowered = debug_forward.trace(stack, x).lower(lowering_platforms=("cuda",))
print("lowered")
