"""Halo exchange between ring neighbours with remote DMAs."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

DEFAULT_AXIS = "sp"


def _halo_kernel(x_ref, left_halo_ref, right_halo_ref, sems, *, axis_name,
                 num_devices, halo):
  my_id = lax.axis_index(axis_name)
  right = lax.rem(my_id + 1, num_devices)
  left = lax.rem(my_id + num_devices - 1, num_devices)
  rows = x_ref.shape[0]
  # My last rows are my right neighbour's left halo, and vice versa.
  to_right = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[pl.ds(rows - halo, halo)], dst_ref=left_halo_ref,
      send_sem=sems.at[0], recv_sem=sems.at[1],
      device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  to_left = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[pl.ds(0, halo)], dst_ref=right_halo_ref,
      send_sem=sems.at[2], recv_sem=sems.at[3],
      device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
  to_right.start()
  to_left.start()
  to_right.wait()
  to_left.wait()


def halo_exchange(x, *, halo=8, num_devices=4, axis_name=DEFAULT_AXIS):
  halo_shape = jax.ShapeDtypeStruct((halo, x.shape[1]), x.dtype)
  return pl.pallas_call(
      functools.partial(_halo_kernel, axis_name=axis_name,
                        num_devices=num_devices, halo=halo),
      out_shape=(halo_shape, halo_shape),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=(pl.BlockSpec(memory_space=pl.ANY),
                 pl.BlockSpec(memory_space=pl.ANY)),
      scratch_shapes=[pltpu.SemaphoreType.DMA((4,))],
  )(x)
