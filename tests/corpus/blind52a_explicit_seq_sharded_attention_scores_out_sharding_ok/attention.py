import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


@functools.partial(jax.jit, static_argnames=("causal",))
def attention(x, wq, wk, wv, causal=True):
    q = x @ wq
    k = x @ wk
    v = x @ wv
    scores = jnp.einsum("bqd,bkd->bqk", q, k, out_sharding=P("data", "seq", None)) / jnp.sqrt(q.shape[-1])
    if causal:
        n = scores.shape[-1]
        scores = scores + jnp.triu(jnp.full((n, n), -1e9), 1)
    probs = jax.nn.softmax(scores, axis=-1)
    return jnp.einsum("bqk,bkd->bqd", probs, v, out_sharding=P("data", "seq", None))
