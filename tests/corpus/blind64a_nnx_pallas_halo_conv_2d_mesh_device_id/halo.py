import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

DATA_AXIS, SEQ_AXIS = "data", "seq"


def _halo_kernel(x_ref, left_halo_ref, right_halo_ref, send_sems, recv_sems, *, halo, num_shards):
  my_id = lax.axis_index(SEQ_AXIS)
  right = lax.rem(my_id + 1, num_shards)
  left = lax.rem(my_id + num_shards - 1, num_shards)
  rows = x_ref.shape[1]
  # my last rows are the right neighbour's left halo, my first rows its left neighbour's right halo
  to_right = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[:, pl.ds(rows - halo, halo)],
      dst_ref=left_halo_ref,
      send_sem=send_sems.at[0],
      recv_sem=recv_sems.at[0],
      device_id=(right,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  to_left = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[:, pl.ds(0, halo)],
      dst_ref=right_halo_ref,
      send_sem=send_sems.at[1],
      recv_sem=recv_sems.at[1],
      device_id=(left,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  to_right.start()
  to_left.start()
  to_right.wait()
  to_left.wait()


def exchange_halos(x, *, halo: int, num_shards: int):
  """x: (b, s_local, d) on each device; returns (left_halo, right_halo), each (b, halo, d)."""
  b, _, d = x.shape
  halo_shape = jax.ShapeDtypeStruct((b, halo, d), x.dtype)
  return pl.pallas_call(
      functools.partial(_halo_kernel, halo=halo, num_shards=num_shards),
      out_shape=(halo_shape, halo_shape),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=(pl.BlockSpec(memory_space=pl.ANY), pl.BlockSpec(memory_space=pl.ANY)),
          scratch_shapes=[pltpu.SemaphoreType.DMA((2,)), pltpu.SemaphoreType.DMA((2,))],
      ),
  )(x)
