import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def call(kernel, x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(vmem_limit_bytes=1 << 20),
    )(x)


def copy_kernel(x_ref, o_ref):
    o_ref[...] = x_ref[...]


if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((8, 128), jax.numpy.float32)
    jax.jit(lambda v: call(copy_kernel, v)).trace(x).lower(lowering_platforms=("tpu",))
