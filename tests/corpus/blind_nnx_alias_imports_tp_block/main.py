"""Tensor-parallel NNX block with framework aliases (`import flax.nnx as nnx`,
`from flax.nnx import jit as njit`): the row-parallel output is psum'ed inside nnx.shard_map."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from flax.nnx import jit as njit
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("tp",), axis_types=(jax.sharding.AxisType.Auto,))


class Block(nnx.Module):
    def __init__(self, d, rngs):
        self.up = nnx.Linear(d, 4 * d, use_bias=False, rngs=rngs)
        self.down = nnx.Linear(4 * d, d, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.gelu(self.up(x)))


specs = nnx.StateSharding({
    lambda path, _: path[-2:] == ("up", "kernel"): P(None, "tp"),
    lambda path, _: path[-2:] == ("down", "kernel"): P("tp", None),
})


@njit
def forward(block, x):
    @nnx.shard_map(mesh=mesh, in_specs=(specs, P()), out_specs=P())
    def local(block, x):
        return jax.lax.psum(block(x), "tp")
    return local(block, x)


block = Block(64, nnx.Rngs(0))
forward.trace(block, jnp.ones((8, 64))).lower(lowering_platforms=("cuda",))
