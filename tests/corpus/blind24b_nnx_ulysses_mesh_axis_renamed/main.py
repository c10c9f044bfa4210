"""The launcher names the sequence axis after MaxText's 'context' mesh axis; the attention
module still uses its own constant."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from ulysses import UlyssesAttention

MESH_AXES = ("context",)
mesh = jax.make_mesh((4,), MESH_AXES)
attn = UlyssesAttention(64, 8, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(attn)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, "context")), out_specs=P(None, "context"))
def forward(params, x):
    return nnx.merge(graphdef, params)(x)


x = jax.device_put(jnp.ones((2, 128, 64)), NamedSharding(mesh, P(None, "context")))
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
