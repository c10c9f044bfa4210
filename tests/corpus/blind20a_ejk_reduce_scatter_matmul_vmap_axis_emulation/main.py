"""Unit-test style: emulate 4 tensor-parallel ranks with vmap and compare to a reference."""
import jax
import jax.numpy as jnp
from jax import lax

from rs_kernel import reduce_scatter_matmul

TP = 4


def reference(x, y):
    return lax.psum_scatter(x @ y.T, "tp", scatter_dimension=0, tiled=True)


def kernel_version(x, y):
    return reduce_scatter_matmul(x, y, "tp", TP)


def check(fn):
    x = jnp.ones((TP, 256, 128), jnp.float32)
    y = jnp.ones((TP, 128, 128), jnp.float32)
    batched = jax.jit(jax.vmap(fn, axis_name="tp"))
    return batched.trace(x, y).lower(lowering_platforms=("tpu",))


check(reference)
check(kernel_version)
