import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax as L
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("seq",), axis_types=(AxisType.Explicit,))


class SeqParallelAttention(nnx.Module):
    def __init__(self, d, heads, rngs):
        self.attn = nnx.MultiHeadAttention(num_heads=heads, in_features=d, decode=False, rngs=rngs)

    def __call__(self, x_local):
        # all-gather keys/values over the sequence shards, keep local queries
        kv = L.all_gather(x_local, "seq", axis=1, tiled=True)
        return self.attn(x_local, kv, kv)


model = SeqParallelAttention(32, 4, nnx.Rngs(0))


@functools.partial(
    nnx.shard_map, mesh=mesh, in_specs=(P(), P(None, "seq")), out_specs=P(None, "seq"),
    check_rep=False,
)
def attend(model, x):
    return model(x)


@nnx.jit
def step(model, x):
    return attend(model, x)


x = jax.device_put(jnp.ones((2, 64, 32)), NamedSharding(mesh, P(None, "seq")))
print(step.trace(model, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
