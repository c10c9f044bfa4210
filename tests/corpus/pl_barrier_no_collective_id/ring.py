"""A ring all-reduce step: wait for both neighbours at the barrier, then push our block right."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _neighbours(axis, n):
    me = lax.axis_index(axis)
    return lax.rem(me + n - 1, n), lax.rem(me + 1, n)


def ring_step_kernel(x_ref, o_ref, buf_ref, send_sem, recv_sem, *, axis, n):
    left, right = _neighbours(axis, n)
    barrier = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier, 1, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier, 1, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier, 2)
    dma = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=buf_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    dma.start()
    dma.wait()
    o_ref[...] = x_ref[...] + buf_ref[...]


def ring_step(x, *, axis, n, collective_id=None):
    return pl.pallas_call(
        functools.partial(ring_step_kernel, axis=axis, n=n),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=pltpu.CompilerParams(collective_id=collective_id),
    )(x)
