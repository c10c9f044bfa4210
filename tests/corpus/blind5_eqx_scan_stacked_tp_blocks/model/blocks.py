import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax


class TPBlock(eqx.Module):
    norm: eqx.nn.RMSNorm
    w_up: jax.Array
    w_down: jax.Array
    axis_name: str

    def __init__(self, dim, hidden, axis_name, key):
        k1, k2 = jax.random.split(key)
        self.norm = eqx.nn.RMSNorm(dim)
        self.w_up = jax.random.normal(k1, (dim, hidden)) * dim**-0.5
        self.w_down = jax.random.normal(k2, (hidden, dim)) * hidden**-0.5
        self.axis_name = axis_name

    def __call__(self, x):
        h = jax.vmap(self.norm)(x)
        h = jax.nn.silu(h @ self.w_up) @ self.w_down
        return x + lax.psum(h, self.axis_name)
