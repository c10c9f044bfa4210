"""Ring shift over a mesh axis as a Pallas remote-DMA kernel."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

AXIS = "ring"


def _shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, offset, size):
    me = lax.axis_index(AXIS)
    peer = lax.rem(me + offset + size, size)
    dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(peer,),
                                       device_id_type=pl.DeviceIdType.MESH)
    dma.start()
    dma.wait()


def _shift(x, offset, size):
    return pl.pallas_call(
        functools.partial(_shift_kernel, offset=offset, size=size),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


def ring_shift(x, size):
    return _shift(x, 1, size)
