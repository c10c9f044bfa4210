"""Ring all-gather with remote DMAs (Pallas TPU distributed guide), run along
the 'model' axis of a 2D ('data', 'model') mesh."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems, *,
                       axis_name, num_devices):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index(axis_name)
  right_neighbor = lax.rem(my_id + 1, num_devices)
  copy_slot = lax.rem(my_id - outer_step + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local_copy_op = pltpu.make_async_copy(src_ref=input_ref, dst_ref=output_ref.at[my_id],
                                          sem=local_copy_sem)
    local_copy_op.start()
    local_copy_op.wait()

  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot],
      dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[outer_step],
      # MESH ids need one coordinate per mesh axis: stay in our own 'data' row
      device_id=(lax.axis_index('data'), right_neighbor),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


def ring_all_gather(x, *, axis_name, num_devices):
  kernel = functools.partial(_all_gather_kernel, axis_name=axis_name, num_devices=num_devices)
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
      scratch_shapes=([pltpu.SemaphoreType.DMA] * 2
                      + [pltpu.SemaphoreType.DMA((num_devices - 1,))]),
      grid=(num_devices - 1,),
  )
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((num_devices,) + x.shape, x.dtype),
      grid_spec=grid_spec,
  )(x)
