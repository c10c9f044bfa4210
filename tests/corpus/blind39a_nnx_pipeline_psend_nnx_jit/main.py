"""GPipe-style stage shift for an NNX MLP stack: each stage sends its activations to the next."""
import jax
import jax.numpy as jnp
from flax import nnx

NUM_STAGES = 4


class Stage(nnx.Module):
    def __init__(self, dim, rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.linear(x))


def shift_to_next_stage(x):
    perm = [(i, i + 1) for i in range(NUM_STAGES - 1)]
    tok = jax.lax.psend(x, "stage", perm)
    return jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), "stage", perm)


@nnx.jit
def pipeline_step(stage, x):
    y = stage(x)
    return shift_to_next_stage(y)


stage = Stage(16, nnx.Rngs(0))
x = jnp.ones((8, 16))
lowered = pipeline_step.trace(stage, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])
