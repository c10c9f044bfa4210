"""Ring all-gather over ICI written as a Pallas TPU kernel with remote DMAs
(after the 'Distributed computing in Pallas for TPUs' guide)."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_all_gather_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, num_devices):
  my_id = jax.lax.axis_index(axis_name)
  right = jax.lax.rem(my_id + 1, num_devices)
  rows = x_ref.shape[0]
  o_ref[pl.ds(my_id * rows, rows), :] = x_ref[...]

  def step(i, _):
    slot = jax.lax.rem(my_id - i + num_devices, num_devices)
    chunk = o_ref.at[pl.ds(slot * rows, rows), :]
    copy = pltpu.make_async_remote_copy(
        src_ref=chunk, dst_ref=chunk, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()
    return _

  jax.lax.fori_loop(0, num_devices - 1, step, None)


def ring_all_gather(x, *, axis_name, num_devices):
  kernel = functools.partial(_ring_all_gather_kernel, axis_name=axis_name,
                             num_devices=num_devices)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((x.shape[0] * num_devices, x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)
