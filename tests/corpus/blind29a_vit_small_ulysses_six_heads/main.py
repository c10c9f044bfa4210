import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from attention import ulysses_attention

DIM, HEADS, PATCHES = 48, 6, 256   # ViT-S head count (6), width scaled down
mesh = jax.make_mesh((4,), ("sp",))

key = jax.random.PRNGKey(0)
params = {"w_qkv": jax.random.normal(key, (DIM, 3 * DIM)) * 0.02,
          "w_out": jax.random.normal(key, (DIM, DIM)) * 0.02}


def block(params, tokens):
    def attn(tokens):
        return tokens + jax.checkpoint(functools.partial(ulysses_attention, num_heads=HEADS))(
            params, tokens)

    return jax.shard_map(attn, mesh=mesh, in_specs=P(None, "sp"), out_specs=P(None, "sp"))(tokens)


tokens = jax.device_put(jnp.ones((2, PATCHES, DIM)), NamedSharding(mesh, P(None, "sp")))
lowered = jax.jit(jax.grad(lambda p, t: block(p, t).sum())).trace(params, tokens).lower(
    lowering_platforms=("cuda",))
print("ok")
