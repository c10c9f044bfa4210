import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def silu_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = x * jax.nn.sigmoid(x)


def run(x):
    return pl.pallas_call(silu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


ARGS = (jax.device_put(jnp.ones((32, 128), jnp.float32), jax.devices()[0]),)
