import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from mylib.parallel import gpipe_forward
from mylib.train import make_train_step

parser = argparse.ArgumentParser()
parser.add_argument('--stages', type=int, default=4)
parser.add_argument('--microbatches', type=int, default=3)
parser.add_argument('--d', type=int, default=64)
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[:args.stages]), ('stages',))

fwd = partial(gpipe_forward, axis='stages', n_stages=args.stages)
fwd = jax.shard_map(fwd, mesh=mesh, in_specs=(P('stages'), P()), out_specs=P('stages'),
                    check_vma=False)
train_step = jax.jit(make_train_step(fwd))

w = jax.ShapeDtypeStruct((args.stages, args.d, args.d), jnp.float32)
mbs = [jax.ShapeDtypeStruct((8, args.d), jnp.float32) for _ in range(args.microbatches)]
train_step.trace(w, mbs).lower(lowering_platforms=('cuda',))
