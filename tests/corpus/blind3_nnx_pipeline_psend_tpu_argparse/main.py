import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import create_stages, spmd_pipeline

parser = argparse.ArgumentParser(description='Lower the pipelined MLP for a target.')
parser.add_argument('--platform', default='tpu', choices=['cuda', 'tpu'])
parser.add_argument('--num-stages', type=int, default=4)
parser.add_argument('--dim', type=int, default=16)
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[:args.num_stages]), ('stage',))
stages = create_stages(args.num_stages, args.dim)
graphdef, state = nnx.split(stages)

forward = jax.jit(
    jax.shard_map(
        partial(spmd_pipeline, graphdef, axis_name='stage', num_stages=args.num_stages),
        mesh=mesh,
        in_specs=(P('stage'), P()),
        out_specs=P('stage'),
    ))

x = jnp.ones((8, args.dim))
forward.trace(state, x).lower(lowering_platforms=(args.platform,))
