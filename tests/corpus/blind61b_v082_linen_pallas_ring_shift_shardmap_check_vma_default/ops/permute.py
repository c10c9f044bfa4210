import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_shift_kernel(in_ref, out_ref, send_sem, recv_sem, *, axis_name):
  num_devices = lax.axis_size(axis_name)
  my_id = lax.axis_index(axis_name)
  dst = lax.rem(my_id + 1, num_devices)
  op = pltpu.make_async_remote_copy(
      src_ref=in_ref, dst_ref=out_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(dst,), device_id_type=pltpu.DeviceIdType.MESH)
  op.start()
  op.wait()


def ring_shift(x, axis_name):
  return pl.pallas_call(
      functools.partial(_ring_shift_kernel, axis_name=axis_name),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pltpu.MemorySpace.ANY)],
          out_specs=pl.BlockSpec(memory_space=pltpu.MemorySpace.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      ),
  )(x)
