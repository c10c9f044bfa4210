import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("dp", "tp"))

KV_SHARDING = NamedSharding(mesh, P("dp", None, "tp", None))
NUM_LAYERS, BATCH, MAX_LEN, HEADS, HEAD_DIM = 2, 4, 32, 8, 16


def init_cache(batch, max_len):
    cache = []
    for _ in range(NUM_LAYERS):
        k = jnp.zeros((batch, max_len, HEADS, HEAD_DIM), jnp.bfloat16, out_sharding=KV_SHARDING)
        v = jnp.zeros((batch, max_len, HEADS, HEAD_DIM), jnp.bfloat16, out_sharding=KV_SHARDING)
        cache.append((k, v))
    return cache


def decode_step(cache, q):
    out = []
    for k, v in cache:
        s = jnp.einsum("bhd,blhd->bhl", q, k)
        out.append(jnp.einsum("bhl,blhd->bhd", jax.nn.softmax(s, -1), v))
    return sum(out)


@jax.jit
def generate(q):
    cache = init_cache(BATCH, MAX_LEN)
    return decode_step(cache, q)


q = jnp.ones((BATCH, HEADS, HEAD_DIM), jnp.bfloat16)
print(generate.trace(q).lower(lowering_platforms=("cuda",)).as_text()[:40])
