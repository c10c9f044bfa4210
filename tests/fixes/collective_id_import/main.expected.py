import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def barrier_kernel(x_ref, o_ref):
    from jax.experimental.pallas import tpu as tpu_ops

    tpu_ops.get_barrier_semaphore()
    o_ref[...] = x_ref[...]


def step(x):
    return pl.pallas_call(barrier_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype), compiler_params=pltpu.CompilerParams(collective_id=0))(x)


if __name__ == "__main__":
    jax.jit(step).trace(jax.ShapeDtypeStruct((8, 128), jax.numpy.float32)).lower(lowering_platforms=("tpu",))
