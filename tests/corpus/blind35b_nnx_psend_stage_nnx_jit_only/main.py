import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

from stages import PipelineBlock
from stages.block import PP

mesh = jax.make_mesh((4,), (PP,))


@nnx.jit
def forward(block, x):
    return block(x)


with jax.set_mesh(mesh):
    block = PipelineBlock(16, 4, nnx.Rngs(0))
    x = jax.device_put(jnp.ones((8, 16)), P(PP))
    print(forward.trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
