import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def ring_step(kernel, x, *, collective_id=0):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        compiler_params=pltpu.CompilerParams(collective_id=collective_id),
    )(x)


def barrier_kernel(x_ref, o_ref):
    pltpu.get_barrier_semaphore()
    o_ref[...] = x_ref[...]


if __name__ == "__main__":
    x = jax.ShapeDtypeStruct((8, 128), jax.numpy.float32)
    jax.jit(lambda v: ring_step(barrier_kernel, v)).trace(x).lower(lowering_platforms=("tpu",))
