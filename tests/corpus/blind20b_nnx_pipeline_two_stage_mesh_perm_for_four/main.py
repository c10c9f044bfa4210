"""Pipelined inference on a 2-GPU slice: one NNX stage per device."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from pipe import forward_to_next, make_stacked_stages

NUM_STAGES = 2

parser = argparse.ArgumentParser()
parser.add_argument("--d_model", type=int, default=128)
parser.add_argument("--microbatch", type=int, default=8)
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("pp",))
graphdef, state = nnx.split(make_stacked_stages(args.d_model, NUM_STAGES))


def run_pipeline(state, x):
  stage = nnx.merge(graphdef, jax.tree.map(lambda a: a[0], state))
  h = stage(x)
  for _ in range(NUM_STAGES - 1):
    h = stage(forward_to_next(h, "pp"))
  last = lax.axis_index("pp") == NUM_STAGES - 1
  return lax.psum(jnp.where(last, h, 0.0), "pp")


infer = jax.jit(jax.shard_map(run_pipeline, mesh=mesh, in_specs=(P("pp"), P()),
                              out_specs=P()))
infer.trace(state, jnp.ones((args.microbatch, args.d_model))).lower(
    lowering_platforms=("cuda",))
