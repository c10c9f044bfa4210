import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import send_forward

mesh = Mesh(np.array(jax.devices()[:4]), ("stage",))


class Block(nnx.Module):
    def __init__(self, dim, rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.proj(x))


block = Block(32, nnx.Rngs(0))


@nnx.jit
def pipeline_step(block, x):
    @nnx.shard_map(mesh=mesh, in_specs=(P(), P("stage")), out_specs=P("stage"))
    def stage_fn(block, x):
        h = block(x)
        return send_forward(h, "stage", mesh.shape["stage"])

    return stage_fn(block, x)


x = jnp.ones((16, 32))
print(pipeline_step.trace(block, x).lower(lowering_platforms=("cuda",)).as_text()[:120])
