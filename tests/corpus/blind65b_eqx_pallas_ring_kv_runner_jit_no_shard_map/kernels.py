import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _right_permute_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, ring_size):
  my_id = lax.axis_index(axis_name)
  right = lax.rem(my_id + 1, ring_size)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def ring_permute(x, axis_name, ring_size):
  kernel = functools.partial(_right_permute_kernel, axis_name=axis_name, ring_size=ring_size)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
  )(x)
