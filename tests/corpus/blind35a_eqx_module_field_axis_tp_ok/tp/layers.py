import equinox as eqx
import jax
import jax.numpy as jnp


class ColumnParallelLinear(eqx.Module):
    weight: jax.Array

    def __init__(self, in_f, out_f_local, *, key):
        self.weight = jax.random.normal(key, (in_f, out_f_local)) / jnp.sqrt(in_f)

    def __call__(self, x):
        return x @ self.weight


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True)

    def __init__(self, in_f_local, out_f, axis_name, *, key):
        self.weight = jax.random.normal(key, (in_f_local, out_f)) / jnp.sqrt(in_f_local)
        self.axis_name = axis_name

    def __call__(self, x):
        return jax.lax.psum(x @ self.weight, self.axis_name)


class ParallelMLP(eqx.Module):
    up: ColumnParallelLinear
    down: RowParallelLinear

    def __init__(self, d, hidden_local, axis_name, *, key):
        k1, k2 = jax.random.split(key)
        self.up = ColumnParallelLinear(d, hidden_local, key=k1)
        self.down = RowParallelLinear(hidden_local, d, axis_name, key=k2)

    def __call__(self, x):
        return self.down(jax.nn.gelu(self.up(x)))
