import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import create_stages, spmd_pipeline

parser = argparse.ArgumentParser()
parser.add_argument('--num-stages', type=int, default=4)
parser.add_argument('--pipeline-parallel', action='store_true',
                    help='place one stage per device (default: run everything on one device)')
args = parser.parse_args()

stages = create_stages(args.num_stages, 16)
graphdef, state = nnx.split(stages)
step = partial(spmd_pipeline, graphdef, axis_name='stage', num_stages=args.num_stages)

if args.pipeline_parallel:
  mesh = Mesh(np.array(jax.devices()[:args.num_stages]), ('stage',))
  step = jax.shard_map(step, mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))

forward = jax.jit(step)
x = jnp.ones((8, 16))
forward.trace(state, x).lower(lowering_platforms=('cuda',))
