import equinox as eqx
import jax
from jax import lax


class ColumnParallelLinear(eqx.Module):
    weight: jax.Array
    bias: jax.Array

    def __init__(self, d_in, d_out_local, key):
        self.weight = jax.random.normal(key, (d_in, d_out_local)) * d_in ** -0.5
        self.bias = jax.numpy.zeros((d_out_local,))

    def __call__(self, x):
        return x @ self.weight + self.bias


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True, default="tp")

    def __init__(self, d_in_local, d_out, key, axis_name="tp"):
        self.weight = jax.random.normal(key, (d_in_local, d_out)) * d_in_local ** -0.5
        self.axis_name = axis_name

    def __call__(self, x):
        return lax.psum(x @ self.weight, self.axis_name)


class ParallelMLP(eqx.Module):
    up: ColumnParallelLinear
    down: RowParallelLinear

    def __init__(self, d_model, d_ff_local, key):
        k1, k2 = jax.random.split(key)
        self.up = ColumnParallelLinear(d_model, d_ff_local, k1)
        self.down = RowParallelLinear(d_ff_local, d_model, k2)

    def __call__(self, x):
        return self.down(jax.nn.gelu(self.up(x)))
