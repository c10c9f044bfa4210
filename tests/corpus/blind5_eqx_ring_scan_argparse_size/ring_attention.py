import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class RingAttention(eqx.Module):
    qkv: eqx.nn.Linear
    axis_name: str = eqx.field(static=True)
    ring_size: int = eqx.field(static=True)

    def __init__(self, dim, axis_name, ring_size, *, key):
        self.qkv = eqx.nn.Linear(dim, 3 * dim, use_bias=False, key=key)
        self.axis_name = axis_name
        self.ring_size = ring_size

    def __call__(self, x):
        q, k, v = jnp.split(jax.vmap(self.qkv)(x), 3, axis=-1)
        perm = [(i, (i + 1) % self.ring_size) for i in range(self.ring_size)]

        def step(carry, _):
            num, den, k, v = carry
            s = jnp.exp(q @ k.T / jnp.sqrt(q.shape[-1]))
            num = num + s @ v
            den = den + s.sum(-1, keepdims=True)
            k, v = lax.ppermute((k, v), self.axis_name, perm)
            return (num, den, k, v), None

        init = (jnp.zeros_like(q), jnp.zeros_like(q[..., :1]), k, v)
        (num, den, _, _), _ = lax.scan(step, init, None, length=self.ring_size)
        return num / den
