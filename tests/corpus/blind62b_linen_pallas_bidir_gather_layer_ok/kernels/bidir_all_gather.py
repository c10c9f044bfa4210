import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _bidir_all_gather_kernel(x_ref, o_ref, local_sem, send_sems, recv_sems,
                             *, axis_name, num_devices):
  step = pl.program_id(0)
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, num_devices)
  left = lax.rem(me - 1 + num_devices, num_devices)
  half = x_ref.shape[-1] // 2

  @pl.when(step == 0)
  def _():
    local = pltpu.make_async_copy(x_ref, o_ref.at[me], local_sem)
    local.start()
    local.wait()

  # Left half of every chunk travels clockwise, right half counter-clockwise.
  cw_slot = lax.rem(me - step + num_devices, num_devices)
  ccw_slot = lax.rem(me + step, num_devices)
  cw_chunk = o_ref.at[cw_slot, :, pl.ds(0, half)]
  ccw_chunk = o_ref.at[ccw_slot, :, pl.ds(half, half)]
  to_right = pltpu.make_async_remote_copy(
      src_ref=cw_chunk, dst_ref=cw_chunk,
      send_sem=send_sems.at[0], recv_sem=recv_sems.at[0],
      device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  to_left = pltpu.make_async_remote_copy(
      src_ref=ccw_chunk, dst_ref=ccw_chunk,
      send_sem=send_sems.at[1], recv_sem=recv_sems.at[1],
      device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
  to_right.start()
  to_left.start()
  to_right.wait()
  to_left.wait()


def bidir_all_gather(x, *, axis_name, num_devices):
  """[tokens, d] per chip -> [num_devices, tokens, d] on every chip."""
  kernel = functools.partial(_bidir_all_gather_kernel,
                             axis_name=axis_name, num_devices=num_devices)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((num_devices, *x.shape), x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          grid=(num_devices - 1,),
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA,
                          pltpu.SemaphoreType.DMA((2,)),
                          pltpu.SemaphoreType.DMA((2,))],
      ),
      compiler_params=pltpu.CompilerParams(dimension_semantics=("arbitrary",)),
  )(x)
