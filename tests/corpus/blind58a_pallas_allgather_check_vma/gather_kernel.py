from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems, *,
                      axis_name, num_devices):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index(axis_name)
  right_neighbor = lax.rem(my_id + 1, num_devices)
  copy_slot = lax.rem(my_id - outer_step + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local = pltpu.make_async_copy(src_ref=input_ref, dst_ref=output_ref.at[my_id],
                                  sem=local_copy_sem)
    local.start()
    local.wait()

  remote = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot],
      dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[outer_step],
      device_id=(right_neighbor,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote.start()
  remote.wait()
