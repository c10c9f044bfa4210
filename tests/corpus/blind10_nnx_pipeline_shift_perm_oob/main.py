import argparse

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from stages import Stage, pipeline_forward


def parse_args():
  p = argparse.ArgumentParser()
  p.add_argument('--stages', type=int, default=4)
  p.add_argument('--axis', default='pipe')
  p.add_argument('--microbatches', type=int, default=4)
  return p.parse_args()


def main():
  args = parse_args()
  mesh = Mesh(np.array(jax.devices()[:args.stages]), (args.axis,))

  @nnx.split_rngs(splits=args.stages)
  @nnx.vmap(in_axes=0, out_axes=0)
  def make_stages(rngs):
    return Stage(16, rngs=rngs)

  stages = make_stages(nnx.Rngs(0))

  def run(stages, mb):
    stage = jax.tree.map(lambda a: a[0], stages)
    return pipeline_forward(stage, mb, args.axis, args.stages)

  fwd = nnx.jit(nnx.shard_map(run, mesh=mesh, in_specs=(P(args.axis), P()), out_specs=P(args.axis)))
  mb = jnp.ones((args.microbatches, 2, 16))
  fwd.trace(stages, mb).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
