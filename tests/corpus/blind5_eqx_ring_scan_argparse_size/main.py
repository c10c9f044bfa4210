import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from ring_attention import RingAttention

parser = argparse.ArgumentParser()
parser.add_argument("--dim", type=int, default=32)
parser.add_argument("--seq-len", type=int, default=64)
parser.add_argument("--sp-size", type=int, default=8, help="sequence-parallel ring size")
args = parser.parse_args()

mesh = Mesh(np.array(jax.devices()), ("sp",))
attn = RingAttention(args.dim, "sp", args.sp_size, key=jax.random.PRNGKey(0))
params, static = eqx.partition(attn, eqx.is_array)


def forward(params, x):
    return eqx.combine(params, static)(x)


fwd = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P("sp")), out_specs=P("sp")))
x = jnp.zeros((args.seq_len, args.dim))
print(fwd.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:100])
