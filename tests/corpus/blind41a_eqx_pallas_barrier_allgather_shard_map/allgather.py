import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_allgather_kernel(x_ref, out_ref, send_sem, recv_sem, *, axis, n):
  me = lax.axis_index(axis)
  right = lax.rem(me + 1, n)
  left = lax.rem(me + n - 1, n)

  barrier = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_signal(barrier, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_wait(barrier, 2)

  out_ref[me] = x_ref[...]

  def step(i, carry):
    slot = lax.rem(me + n - i, n)
    dma = pltpu.make_async_remote_copy(
        src_ref=out_ref.at[slot], dst_ref=out_ref.at[slot],
        send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    dma.start()
    dma.wait()
    return carry

  lax.fori_loop(0, n - 1, step, 0)


def ring_allgather(x, axis, n):
  return pl.pallas_call(
      functools.partial(_ring_allgather_kernel, axis=axis, n=n),
      out_shape=jax.ShapeDtypeStruct((n,) + x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)
