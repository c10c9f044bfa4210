import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, data_axis, stage_axis):
  data_idx = lax.axis_index(data_axis)
  stage_idx = lax.axis_index(stage_axis)
  n_stages = lax.axis_size(stage_axis)
  nxt = lax.rem(stage_idx + 1, n_stages)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(nxt,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def shift_to_next_stage(x, data_axis="data", stage_axis="stage"):
  return pl.pallas_call(
      functools.partial(_shift_kernel, data_axis=data_axis, stage_axis=stage_axis),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
  )(x)
