import argparse

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh

from pp import build_pipeline, make_stages

parser = argparse.ArgumentParser(description='pipelined inference')
parser.add_argument('--platform', default='tpu', choices=['tpu', 'cuda'])
parser.add_argument('--stages', type=int, default=4)
parser.add_argument('--microbatches', type=int, default=6)
parser.add_argument('--dim', type=int, default=32)
args = parser.parse_args()

mesh = Mesh(jax.devices()[:args.stages], ('stage',))
stages = make_stages(args.stages, args.dim, 4 * args.dim)
graphdef, state = nnx.split(stages)

forward = build_pipeline(mesh, graphdef)
microbatches = jnp.ones((args.microbatches, 2, args.dim))
lowered = forward.trace(state, microbatches).lower(lowering_platforms=(args.platform,))
