import functools

import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _shift_kernel(axis_name, nbr_ref, x_ref, o_ref, send_sem, recv_sem):
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref,
      dst_ref=o_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id={axis_name: nbr_ref[0]},
      device_id_type=pl.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def remote_shift(x, neighbor, *, axis_name):
  """Sends `x` to device `neighbor` along `axis_name`; returns what was received."""
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )
  return pl.pallas_call(
      functools.partial(_shift_kernel, axis_name),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=grid_spec,
  )(neighbor, x)
