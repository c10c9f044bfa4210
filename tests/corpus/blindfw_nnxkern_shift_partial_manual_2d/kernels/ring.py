"""Remote-DMA ring shift, after the right-permute kernel of JAX's distributed Pallas TPU guide:
every device copies its block to its right neighbour along `axis_name` (the other mesh
coordinates are the device's own)."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name):
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, lax.axis_size(axis_name))
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id={axis_name: right}, device_id_type=pl.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def ring_shift(x, axis_name, out_type=None):
  out_shape = out_type or jax.ShapeDtypeStruct(x.shape, x.dtype)
  return pl.pallas_call(
      functools.partial(_ring_shift_kernel, axis_name=axis_name),
      out_shape=out_shape,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)
