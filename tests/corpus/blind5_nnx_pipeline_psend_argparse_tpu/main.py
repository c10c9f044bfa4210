import argparse

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import Pipeline, Stage

parser = argparse.ArgumentParser()
parser.add_argument('--stages', type=int, default=4)
parser.add_argument('--dim', type=int, default=32)
parser.add_argument('--microbatches', type=int, default=3)
parser.add_argument('--pipe-axis', default='pipe')
parser.add_argument('--platform', default='tpu', choices=['tpu', 'cuda'])
args = parser.parse_args()

mesh = Mesh(jax.devices()[:args.stages], (args.pipe_axis,))
rngs = nnx.Rngs(0)


@nnx.split_rngs(splits=args.stages)
@nnx.vmap(in_axes=0, out_axes=0)
def create_stages(rngs):
  return Stage(args.dim, rngs=rngs)


graphdef, state = nnx.split(create_stages(rngs))
pipe = Pipeline(graphdef, args.pipe_axis, args.stages)
run = jax.jit(jax.shard_map(pipe, mesh=mesh, in_specs=(P(args.pipe_axis), P()),
                            out_specs=P(args.pipe_axis)))

microbatches = jnp.ones((args.microbatches, 2, args.dim))
lowered = run.trace(state, microbatches).lower(lowering_platforms=(args.platform,))
