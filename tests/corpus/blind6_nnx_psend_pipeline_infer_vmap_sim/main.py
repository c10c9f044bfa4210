from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline.schedule import gpipe_forward

NUM_STAGES = 4
AXIS = 'stage'


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.fc = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.RMSNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.relu(self.fc(self.norm(x)))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(rngs):
  return Stage(16, rngs)


stages = create_stages(nnx.Rngs(0))
graphdef, state = nnx.split(stages)
mesh = Mesh(jax.devices()[:NUM_STAGES], (AXIS,))

# single-host debugging: emulate the stages with a named vmap over the stacked stage axis
pipelined = jax.vmap(
    partial(gpipe_forward, graphdef, axis_name=AXIS, num_stages=NUM_STAGES),
    in_axes=(0, None), axis_name=AXIS)


@jax.jit
def infer(state, microbatches):
  per_stage = jax.tree.map(lambda a: a[:, None], state)
  return pipelined(per_stage, microbatches)[-1]


mbs = jnp.ones((3, 2, 16))
infer.trace(state, mbs).lower(lowering_platforms=('cuda',))
