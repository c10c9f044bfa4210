import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

TP = 4
mesh = jax.make_mesh((TP,), ("tensor",), axis_types=(jax.sharding.AxisType.Auto,))


class ParallelMLP(nnx.Module):
    """Megatron MLP on one tensor-parallel rank: column-parallel up, row-parallel down."""

    def __init__(self, d, hidden, rngs):
        self.up = nnx.Linear(d, hidden // TP, rngs=rngs)
        self.down = nnx.Linear(hidden // TP, d, use_bias=False, rngs=rngs)

    def __call__(self, x):
        partial_out = self.down(nnx.gelu(self.up(x)))
        return jax.lax.psum(partial_out, "tensor")


@functools.partial(nnx.remat, policy=jax.checkpoint_policies.nothing_saveable)
def block(mlp, x):
    return x + mlp(x)


def loss(mlp, x):
    return jnp.mean(block(mlp, x) ** 2)


mlp = ParallelMLP(64, 256, nnx.Rngs(0))


@nnx.jit
def grad_step(mlp, x):
    @functools.partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=(P(), P()))
    def local(mlp, x):
        l, g = nnx.value_and_grad(loss)(mlp, x)
        return l, g

    return local(mlp, x)


x = jnp.ones((8, 64))
print(grad_step.trace(mlp, x).lower(lowering_platforms=("cuda",)).as_text()[:80])
