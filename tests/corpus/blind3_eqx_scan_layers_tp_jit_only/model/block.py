import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax as L


class TPFeedForward(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array
    tp_axis: str = eqx.field(static=True, default="tp")

    def __call__(self, x):
        h = jax.nn.silu(x @ self.w_in)
        return L.psum(h @ self.w_out, self.tp_axis)


class Block(eqx.Module):
    norm: eqx.nn.RMSNorm
    ff: TPFeedForward

    def __init__(self, dim, hidden, key):
        k1, k2 = jr.split(key)
        self.norm = eqx.nn.RMSNorm(dim)
        self.ff = TPFeedForward(
            jr.normal(k1, (dim, hidden)) * dim**-0.5,
            jr.normal(k2, (hidden, dim)) * hidden**-0.5,
        )

    def __call__(self, x):
        return x + self.ff(jax.vmap(self.norm)(x))
