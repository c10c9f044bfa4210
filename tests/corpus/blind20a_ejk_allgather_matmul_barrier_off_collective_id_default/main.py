"""Benchmark sweep: with and without the neighbour barrier."""
import argparse
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ag_kernel import all_gather_matmul

parser = argparse.ArgumentParser()
parser.add_argument("--barrier", action=argparse.BooleanOptionalAction, default=False)
parser.add_argument("--tp", type=int, default=4)
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()[: args.tp]), ("tp",))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P("tp"), P(None, "tp")), out_specs=P(None, "tp"), check_vma=False)
def bench(x, w):
    return all_gather_matmul(x, w, "tp", args.tp, use_barrier=args.barrier)


x = jnp.ones((args.tp * 64, 512), jnp.bfloat16)
w = jnp.ones((512, args.tp * 256), jnp.bfloat16)
bench.trace(x, w).lower(lowering_platforms=("tpu",))
