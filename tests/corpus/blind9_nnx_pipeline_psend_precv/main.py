from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import STAGE_AXIS, forward_pipeline

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), (STAGE_AXIS,))


class Stage(nnx.Module):
  def __init__(self, d, *, rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)
    self.norm = nnx.LayerNorm(d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.linear(self.norm(x)))


@nnx.split_rngs(splits=NUM_STAGES)
@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(rngs):
  return Stage(32, rngs=rngs)


stages = create_stages(nnx.Rngs(0))
graphdef, params = nnx.split(stages)


def stage_fn(p, x):
  p = jax.tree.map(lambda a: a[0], p)  # drop the local stage dim
  return nnx.merge(graphdef, p)(x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(STAGE_AXIS), P()), out_specs=P(STAGE_AXIS),
         check_vma=False)
def pipelined_forward(params, microbatches):
  out = forward_pipeline(stage_fn, params, microbatches, NUM_STAGES)
  return out[None]


if __name__ == '__main__':
  mbs = jnp.ones((4, 8, 32))
  pipelined_forward.trace(params, mbs).lower(lowering_platforms=('cuda',))
