import jax
import jax.numpy as jnp
import jax.experimental.pallas.tpu as pltpu
from jax.experimental import pallas as pl


def notify_kernel(x_ref, o_ref, sem):
    pltpu.semaphore_signal(sem, 1, device_id=0, device_id_type=pltpu.DeviceIdType.LOGICAL)
    o_ref[...] = x_ref[...]


def notify(x):
    return pl.pallas_call(
        notify_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        scratch_shapes=[pltpu.SemaphoreType.REGULAR],
    )(x)


def run(x):
    return notify(x)


ARGS = (jax.ShapeDtypeStruct((8, 128), jnp.float32),)
