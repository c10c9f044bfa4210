import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RingKV(nn.Module):
    """Context-parallel attention: K/V blocks rotate around the 'seq' ring."""
    dim: int
    axis_name: str = "seq"
    ring_size: int = 4

    def setup(self):
        self.q_proj = nn.Dense(self.dim)
        self.kv_proj = nn.Dense(2 * self.dim)
        self.out_proj = nn.Dense(self.dim)

    def encode(self, x):
        q = self.q_proj(x)
        k, v = jnp.split(self.kv_proj(x), 2, axis=-1)
        perm = [(i, (i + 1) % self.ring_size) for i in range(self.ring_size)]

        def step(carry, _):
            k, v, acc = carry
            s = jnp.einsum("bqd,bkd->bqk", q, k)
            acc = acc + jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, -1), v)
            k = lax.ppermute(k, self.axis_name, perm)
            v = lax.ppermute(v, self.axis_name, perm)
            return (k, v, acc), None

        (_, _, acc), _ = lax.scan(step, (k, v, jnp.zeros_like(q)), None, length=self.ring_size)
        return acc

    def __call__(self, x):
        return self.out_proj(self.encode(x))
