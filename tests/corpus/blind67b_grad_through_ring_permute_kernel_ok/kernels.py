import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_permute_kernel(shift, axis_name, x_ref, o_ref, send_sem, recv_sem):
  n = lax.axis_size(axis_name)
  dst = lax.rem(lax.axis_index(axis_name) + shift + n, n)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(dst,), device_id_type=pl.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def ring_permute(x, shift, axis_name):
  return pl.pallas_call(
      functools.partial(_ring_permute_kernel, shift, axis_name),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)
