import jax
import jax.numpy as jnp

from kernels import right_permute


@jax.jit
def run(x):
    return right_permute(x, axis="x", n=4)


ARGS = (jax.ShapeDtypeStruct((32, 128), jnp.float32),)
