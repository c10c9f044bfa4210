import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import SeqConv

N = 4
mesh = Mesh(jax.devices()[:N], ("sp",))
conv = SeqConv(8, nnx.Rngs(0))
graphdef, state = nnx.split(conv)


def sharded_forward(state, x):
    return nnx.merge(graphdef, state).sharded(x, N)


sharded_forward = jax.jit(
    jax.shard_map(sharded_forward, mesh=mesh, in_specs=(P(), P(None, "sp")), out_specs=P(None, "sp"))
)
x = jnp.ones((2, 64, 8))
print(sharded_forward.trace(state, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
print(nnx.jit(lambda m, x: m(x)).trace(conv, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
