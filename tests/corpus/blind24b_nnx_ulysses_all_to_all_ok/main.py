from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from ulysses import SP, UlyssesAttention

mesh = jax.make_mesh((4,), (SP,))
attn = UlyssesAttention(64, 8, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(attn)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(None, SP)), out_specs=P(None, SP))
def forward(params, x):
    return nnx.merge(graphdef, params)(x)


x = jax.device_put(jnp.ones((2, 128, 64)), NamedSharding(mesh, P(None, SP)))
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
