import jax
import jax.numpy as jnp

from kvcache import append_kv


def decode_step(params, x, cache_k, cache_v):
    # x: (B, 1, D); weights (D, H, Dh) sharded over heads
    q = jnp.einsum("btd,dhk->bthk", x, params["wq"])
    k = jnp.einsum("btd,dhk->bthk", x, params["wk"])
    v = jnp.einsum("btd,dhk->bthk", x, params["wv"])
    cache_k, cache_v = append_kv(cache_k, cache_v, k, v)
    s = jnp.einsum("bqhk,bshk->bhqs", q, cache_k) / jnp.sqrt(q.shape[-1])
    p = jax.nn.softmax(s, axis=-1)
    out = jnp.einsum("bhqs,bshk->bqhk", p, cache_v)
    return out, cache_k, cache_v
