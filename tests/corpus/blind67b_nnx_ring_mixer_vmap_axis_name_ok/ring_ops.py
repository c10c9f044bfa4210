import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _send_right_kernel(axis_name, x_ref, o_ref, send_sem, recv_sem):
  idx = lax.axis_index(axis_name)
  n = lax.axis_size(axis_name)
  copy = pltpu.async_remote_copy(
      x_ref, o_ref, send_sem, recv_sem,
      device_id=(lax.rem(idx + 1, n),),
      device_id_type=pl.DeviceIdType.MESH,
  )
  copy.wait()


def send_right(x, axis_name):
  """Returns the left neighbour's block of `x` (a one-hop ring shift)."""
  return pl.pallas_call(
      functools.partial(_send_right_kernel, axis_name),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)
