import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from tp import ColumnParallelLinear, RowParallelLinear


class Block(nnx.Module):
    def __init__(self, d, h, *, mesh, rngs):
        self.up = ColumnParallelLinear(d, h, mesh=mesh, rngs=rngs)
        self.down = RowParallelLinear(h, d, mesh=mesh, rngs=rngs)

    def __call__(self, x):
        return self.down(nnx.gelu(self.up(x)))


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
with jax.set_mesh(mesh):
    block = Block(16, 64, mesh=mesh, rngs=nnx.Rngs(0))


@nnx.jit
def fwd(block, x):
    return block(x)


x = jnp.ones((8, 16))
lowered = fwd.trace(block, x).lower(lowering_platforms=("cuda",))
print("lowered")
