import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, reshard

# cache layout: [batch, time, heads, head_dim], heads split over the "model" axis
CACHE_SPEC = P(None, None, "model", None)

append_time = functools.partial(jnp.concatenate, axis=1)


def project_kv(x, wk, wv):
    k = jnp.einsum("btd,dhk->bthk", x, wk)
    v = jnp.einsum("btd,dhk->bthk", x, wv)
    return k, v


def decode_step(cache, x, wk, wv):
    new_kv = project_kv(x, wk, wv)
    cache = jax.tree.map(lambda c, n: append_time([c, n]), cache, new_kv)
    k, v = cache
    scores = jnp.einsum("bhk,bthk->bht", new_kv[0][:, 0].astype(k.dtype), k)
    return jnp.einsum("bht,bthk->bhk", jax.nn.softmax(scores, axis=-1), v)
