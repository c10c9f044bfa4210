import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax import lax


def _init(key, out_features, in_features):
    lim = 1.0 / jnp.sqrt(in_features)
    return jr.uniform(key, (out_features, in_features), minval=-lim, maxval=lim)


class ColumnParallelLinear(eqx.Module):
    """Output features are split over the tensor-parallel axis; no communication."""

    weight: jax.Array
    bias: jax.Array

    def __init__(self, in_features, out_features, *, key):
        self.weight = _init(key, out_features, in_features)
        self.bias = jnp.zeros((out_features,))

    def __call__(self, x):
        return self.weight @ x + self.bias


class RowParallelLinear(eqx.Module):
    """Input features are split over the tensor-parallel axis; partial sums are all-reduced."""

    weight: jax.Array
    bias: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, in_features, out_features, *, axis_name, key):
        self.weight = _init(key, out_features, in_features)
        self.bias = jnp.zeros((out_features,))
        self.axis_name = axis_name

    def __call__(self, x):
        partial = self.weight @ x
        return lax.psum(partial, self.axis_name) + self.bias
