import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _all_gather_kernel(axis_name, input_ref, output_ref, local_copy_sem, send_sem,
                       recv_sems):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index(axis_name)
  num_devices = lax.axis_size(axis_name)
  right_neighbor = lax.rem(my_id + 1, num_devices)
  copy_slot = my_id - outer_step
  copy_slot = lax.rem(copy_slot + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local_copy_op = pltpu.make_async_copy(
        src_ref=input_ref,
        dst_ref=output_ref.at[my_id],
        sem=local_copy_sem,
    )
    local_copy_op.start()
    local_copy_op.wait()

  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot],
      dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[outer_step],
      device_id=(right_neighbor,),
      device_id_type=pl.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


def all_gather(x, *, axis_name, num_devices):
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=(
          [pltpu.SemaphoreType.DMA] * 2
          + [pltpu.SemaphoreType.DMA((num_devices - 1,))]
      ),
      grid=(num_devices - 1,),
  )
  return pl.pallas_call(
      functools.partial(_all_gather_kernel, axis_name),
      out_shape=jax.ShapeDtypeStruct((num_devices,) + x.shape, x.dtype),
      grid_spec=grid_spec,
  )(x)
