import equinox as eqx
import jax
import jax.numpy as jnp


class ColumnLinear(eqx.Module):
    """Output features split over `axis`: each device holds weight[out/n, in]."""

    weight: jax.Array
    bias: jax.Array

    def __init__(self, d_in, d_out, *, key):
        lin = eqx.nn.Linear(d_in, d_out, key=key)
        self.weight, self.bias = lin.weight, lin.bias

    def __call__(self, x):
        return self.weight @ x + self.bias


class RowLinear(eqx.Module):
    weight: jax.Array
    bias: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, d_in, d_out, axis_name, *, key):
        lin = eqx.nn.Linear(d_in, d_out, key=key)
        self.weight, self.bias = lin.weight, lin.bias
        self.axis_name = axis_name

    def __call__(self, x):
        return jax.lax.psum(self.weight @ x, self.axis_name) + self.bias


class ParallelMLP(eqx.Module):
    up: ColumnLinear
    down: RowLinear

    def __init__(self, dim, hidden, axis_name, *, key):
        k1, k2 = jax.random.split(key)
        self.up = ColumnLinear(dim, hidden, key=k1)
        self.down = RowLinear(hidden, dim, axis_name, key=k2)

    def __call__(self, x):
        return self.down(jax.nn.gelu(self.up(x)))
