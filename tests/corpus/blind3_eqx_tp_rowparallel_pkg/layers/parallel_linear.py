import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class ColumnParallelLinear(eqx.Module):
    """Output features split over the tensor axis; no communication on the way in."""

    weight: jax.Array
    bias: jax.Array

    def __init__(self, in_features, out_features, *, key):
        lim = 1 / in_features**0.5
        self.weight = jr.uniform(key, (out_features, in_features), minval=-lim, maxval=lim)
        self.bias = jnp.zeros((out_features,))

    def __call__(self, x):
        return self.weight @ x + self.bias


class RowParallelLinear(eqx.Module):
    """Input features split over the tensor axis; partial products are summed with psum."""

    weight: jax.Array
    bias: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, in_features, out_features, *, axis_name, key):
        lim = 1 / in_features**0.5
        self.weight = jr.uniform(key, (out_features, in_features), minval=-lim, maxval=lim)
        self.bias = jnp.zeros((out_features,))
        self.axis_name = axis_name

    def __call__(self, x):
        partial_out = self.weight @ x
        out = jax.lax.psum(partial_out, self.axis_name)
        return out + self.bias
