import jax
import jax.numpy as jnp


class Layer:
    axis_name = "tp"

    def all_reduce(self, x):
        return jax.lax.psum(x, self.axis_name)


class RowParallelLinear(Layer):
    def __init__(self, w):
        self.w = w

    def __call__(self, x):
        return self.all_reduce(x @ self.w)


def run(w, x):
    layer = RowParallelLinear(w)
    return layer(x)


ARGS = (jax.ShapeDtypeStruct((32, 16), jnp.float32), jax.ShapeDtypeStruct((4, 32), jnp.float32))
