import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax as L


class ColumnParallelLinear(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __init__(self, in_features, out_features, *, key):
        self.weight = jax.random.normal(key, (out_features, in_features)) / jnp.sqrt(in_features)
        self.bias = jnp.zeros((out_features,))

    def __call__(self, x):
        return x @ self.weight.T + self.bias


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    bias: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, in_features, out_features, axis_name, *, key):
        self.weight = jax.random.normal(key, (out_features, in_features)) / jnp.sqrt(in_features)
        self.bias = jnp.zeros((out_features,))
        self.axis_name = axis_name

    def __call__(self, x):
        partial_out = x @ self.weight.T
        return L.psum(partial_out, self.axis_name) + self.bias


class ParallelMLP(eqx.Module):
    fc1: ColumnParallelLinear
    fc2: RowParallelLinear

    def __init__(self, dim, hidden, axis_name, *, key):
        k1, k2 = jax.random.split(key)
        self.fc1 = ColumnParallelLinear(dim, hidden, key=k1)
        self.fc2 = RowParallelLinear(hidden, dim, axis_name, key=k2)

    def __call__(self, x):
        return self.fc2(jax.nn.gelu(self.fc1(x)))
