import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax


class RowParallelFFN(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array
    axis_name: str = eqx.field(static=True, default="model")

    def __init__(self, dim, hidden, *, key, axis_name="model"):
        k1, k2 = jr.split(key)
        self.w_in = jr.normal(k1, (dim, hidden)) * 0.02
        self.w_out = jr.normal(k2, (hidden, dim)) * 0.02
        self.axis_name = axis_name

    @jax.checkpoint
    def _block(self, x):
        h = jax.nn.relu(x @ self.w_in)
        return lax.psum(h @ self.w_out, self.axis_name)

    def __call__(self, x):
        return x + self._block(x)
