import equinox as eqx
import jax
import jax.numpy as jnp


class RowParallelLinear(eqx.Module):
    weight: jax.Array  # (out, in), `in` split over 'model'
    bias: jax.Array

    def __init__(self, d_in, d_out, *, key):
        self.weight = jax.random.normal(key, (d_out, d_in)) / jnp.sqrt(d_in)
        self.bias = jnp.zeros((d_out,))

    def partial_out(self, x):
        return x @ self.weight.T
