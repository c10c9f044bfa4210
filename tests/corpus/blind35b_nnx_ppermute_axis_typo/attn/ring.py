import jax
import jax.numpy as jnp
from flax import nnx


class RingAttention(nnx.Module):
    def __init__(self, d, n_shards, *, axis_name="seq", rngs):
        self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
        self.n = n_shards
        self.axis_name = axis_name

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        perm = [(i, (i + 1) % self.n) for i in range(self.n)]
        out = jnp.zeros_like(q)
        for _ in range(self.n):
            s = jnp.einsum("bqd,bkd->bqk", q, k)
            out = out + jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, -1), v)
            k = jax.lax.ppermute(k, self.axis_name, perm)
            v = jax.lax.ppermute(v, self.axis_name, perm)
        return out / self.n
