import equinox as eqx
import jax
import jax.numpy as jnp


class RowParallelLinear(eqx.Module):
    weight: jax.Array
    axis_name: str = eqx.field(static=True, default="tp")

    def __init__(self, din, dout, *, key, axis_name="tp"):
        self.weight = jax.random.normal(key, (din, dout)) / jnp.sqrt(din)
        self.axis_name = axis_name

    def __call__(self, x):
        # x is replicated over the tensor axis: take this shard's slice of the features
        k = self.weight.shape[0]
        idx = jax.lax.axis_index(self.axis_name)
        x_local = jax.lax.dynamic_slice_in_dim(x, idx * k, k, axis=-1)
        return jax.lax.psum(x_local @ self.weight, self.axis_name)


class Residual(eqx.Module):
    inner: RowParallelLinear

    def __call__(self, x):
        return x + jax.nn.gelu(self.inner(x))


def build_stack(depth, dim, key):
    keys = jax.random.split(key, depth)
    return [Residual(RowParallelLinear(dim, dim, key=k)) for k in keys]
