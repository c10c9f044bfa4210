import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import gpipe_forward

parser = argparse.ArgumentParser()
parser.add_argument('--stages', type=int, default=4)
parser.add_argument('--mode', default='eval', choices=['train', 'eval'])
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[:args.stages]), ('stages',))
fwd = partial(gpipe_forward, axis='stages', n_stages=args.stages)

BUILDERS = {}


def builder(name):
  def register(fn):
    BUILDERS[name] = fn
    return fn
  return register


@builder('train')
def build_train():
  return jax.jit(jax.shard_map(fwd, mesh=mesh, in_specs=(P('stages'), P()),
                               out_specs=P('stages'), check_vma=False))


@builder('eval')
def build_eval():
  # eval runs on a single host copy of the weights
  return jax.jit(fwd)


step = BUILDERS[args.mode]()
w = jax.ShapeDtypeStruct((args.stages, 64, 64), jnp.float32)
mbs = [jax.ShapeDtypeStruct((8, 64), jnp.float32) for _ in range(2)]
step.trace(w, mbs).lower(lowering_platforms=('cuda',))
