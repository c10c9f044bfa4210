import equinox as eqx
import jax
import jax.numpy as jnp


class TPMLP(eqx.Module):
    w_in: jax.Array
    w_out: jax.Array
    activation: callable = eqx.field(static=True)
    axis_name: str = eqx.field(static=True)

    def __init__(self, dim, hidden, axis_name, *, key):
        k1, k2 = jax.random.split(key)
        self.w_in = jax.random.normal(k1, (dim, hidden)) / jnp.sqrt(dim)
        self.w_out = jax.random.normal(k2, (hidden, dim)) / jnp.sqrt(hidden)
        self.activation = jax.nn.gelu
        self.axis_name = axis_name

    def __call__(self, x):
        # column-parallel then row-parallel: one all-reduce per block
        h = self.activation(x @ self.w_in)
        return jax.lax.psum(h @ self.w_out, self.axis_name)
