import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from tp import BLOCK_SPEC, GatedBlock

mesh = jax.make_mesh((2, 2), ("data", "model"))
block = GatedBlock(256, 1024, rngs=nnx.Rngs(0))


@nnx.jit
def apply_block(block, x, enabled):
    @nnx.shard_map(mesh=mesh, in_specs=(BLOCK_SPEC, P("data"), P()), out_specs=P("data"))
    def inner(block, x, enabled):
        return block(x, enabled)

    return inner(block, x, enabled)


x = jnp.ones((16, 256))
apply_block.trace(block, x, jnp.array(True)).lower(lowering_platforms=("tpu",))
