import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from tp import ColumnParallelLinear, RowParallelLinear


class Block(nnx.Module):
    def __init__(self, d, h, *, rngs):
        self.up = ColumnParallelLinear(d, h, rngs=rngs)
        self.down = RowParallelLinear(h, d, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.gelu(self.up(x)))


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
with jax.set_mesh(mesh):
    block = Block(16, 64, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(block)
state_specs = nnx.get_partition_spec(state)


def fwd(state, x):
    return nnx.merge(graphdef, state)(x)


sharded_fwd = jax.shard_map(fwd, mesh=mesh, in_specs=(state_specs, P("data")),
                            out_specs=P("data"))

x = jnp.ones((8, 16))
lowered = jax.jit(sharded_fwd).trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered", lowered.as_text().count("all-reduce") + lowered.as_text().count("all_reduce"))
