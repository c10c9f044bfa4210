import argparse

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from comm import shift_to_next_stage

STAGES = 4


class Stage(nnx.Module):

  def __init__(self, d, *, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return x + nnx.gelu(self.proj(self.norm(x)))


def pipeline_forward(stage, x):
  for _ in range(STAGES - 1):
    x = shift_to_next_stage(stage(x), 'stage', STAGES)
  return stage(x)


def main():
  parser = argparse.ArgumentParser()
  parser.add_argument('--debug', action='store_true', default=True)
  args = parser.parse_args()

  stage = Stage(32, rngs=nnx.Rngs(0))
  x = jnp.ones((8, 32))
  if args.debug:
    fwd = nnx.jit(pipeline_forward)
  else:
    mesh = Mesh(np.array(jax.devices()), ('stage',))
    fwd = nnx.jit(nnx.shard_map(pipeline_forward, mesh=mesh, in_specs=(P(), P()),
                                out_specs=P()))
  fwd.trace(stage, x).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
