import flax.nnx as nnx
import jax
import jax.numpy as jnp

from layers import Pipeline

NUM_STAGES = 4
DIM = 256
BATCH = 32

mesh = jax.make_mesh((NUM_STAGES,), ("stage",))
model = Pipeline(NUM_STAGES, DIM, rngs=nnx.Rngs(0))


@nnx.jit
def infer(model: Pipeline, x: jax.Array) -> jax.Array:
  return model(x)


x = jnp.ones((BATCH, DIM), jnp.float32)
lowered = infer.trace(model, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:200])
