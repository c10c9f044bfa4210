"""Ring reduce-scatter over one mesh axis (Pallas TPU distributed guide, simplified)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

MESH = pltpu.DeviceIdType.MESH


def _reduce_scatter_kernel(x_ref, o_ref, send_buf, recv_buf, send_sem, recv_sem,
                           capacity_sem, *, axis_name, num_devices):
  my_id = lax.axis_index(axis_name)
  right = lax.rem(my_id + 1, num_devices)
  left = lax.rem(my_id - 1 + num_devices, num_devices)

  # Make sure both neighbours entered the kernel before writing into them.
  barrier = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier, device_id=(left,), device_id_type=MESH)
  pltpu.semaphore_signal(barrier, device_id=(right,), device_id_type=MESH)
  pltpu.semaphore_wait(barrier, 2)

  send_buf[...] = x_ref[lax.rem(my_id - 1 + num_devices, num_devices)]

  def ring_step(i, carry):
    copy = pltpu.make_async_remote_copy(
        src_ref=send_buf, dst_ref=recv_buf, send_sem=send_sem,
        recv_sem=recv_sem, device_id=(right,), device_id_type=MESH)
    copy.start()
    copy.wait()
    blk = lax.rem(my_id - i - 2 + 2 * num_devices, num_devices)
    send_buf[...] = recv_buf[...] + x_ref[blk]
    # Tell the left neighbour our receive buffer is free again.
    pltpu.semaphore_signal(capacity_sem, 1, device_id=(left,), device_id_type=MESH)
    pltpu.semaphore_wait(capacity_sem, 1)
    return carry

  lax.fori_loop(0, num_devices - 1, ring_step, 0)
  o_ref[...] = send_buf[...]


def reduce_scatter(x, *, axis_name, num_devices):
  """x: (num_devices, rows, cols) partial sums -> this device's (rows, cols) block."""
  _, rows, cols = x.shape
  kernel = functools.partial(_reduce_scatter_kernel, axis_name=axis_name,
                             num_devices=num_devices)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((rows, cols), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.VMEM),
      scratch_shapes=[
          pltpu.VMEM((rows, cols), x.dtype),
          pltpu.VMEM((rows, cols), x.dtype),
          pltpu.SemaphoreType.DMA,
          pltpu.SemaphoreType.DMA,
          pltpu.SemaphoreType.REGULAR,
      ],
      compiler_params=pltpu.TPUCompilerParams(collective_id=0),
  )(x)
