# Single-host simulation of a pipeline: the stage axis is a vmapped axis
# (nnx.vmap(axis_name='stage')) and activations rotate with lax.ppermute.
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

NUM_STAGES = 4


class Stage(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return jax.nn.relu(self.linear(x))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stages(rngs):
  return Stage(16, rngs=rngs)


def rotate(h):
  perm = [(i, (i + 1) % NUM_STAGES) for i in range(NUM_STAGES)]
  return lax.ppermute(h, 'stage', perm)


@nnx.vmap(in_axes=(0, 0), out_axes=0, axis_name='stage')
def pipeline_step(stage, h):
  return rotate(stage(h))


@nnx.jit
def forward(stages, x):
  h = jnp.broadcast_to(x, (NUM_STAGES,) + x.shape)
  for _ in range(NUM_STAGES):
    h = pipeline_step(stages, h)
  return h[0]


stages = create_stages(nnx.Rngs(0))
x = jnp.ones((8, 16))
print(forward.trace(stages, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
