import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
import jax.experimental.pallas.tpu as pltpu


def _barrier_copy_kernel(x_ref, o_ref, *, axis_name):
    """Handshake with both neighbours before touching the buffer (Pallas TPU barrier idiom)."""
    me = lax.axis_index(axis_name)
    n = lax.axis_size(axis_name)
    left, right = lax.rem(me + n - 1, n), lax.rem(me + 1, n)
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(barrier, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 2)
    o_ref[...] = x_ref[...] * 2.0


def barrier_copy_fn(axis_name, collective_id=None):
    def call(x):
        return pl.pallas_call(
            functools.partial(_barrier_copy_kernel, axis_name=axis_name),
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
            out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
            compiler_params=pltpu.CompilerParams(collective_id=collective_id),
        )(x)
    return call
