import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, mesh_axes, ring_axis, ring_size):
  my_id = lax.axis_index(ring_axis)
  right = lax.rem(my_id + 1, ring_size)
  # MESH device ids: one coordinate per mesh axis, only the ring coordinate moves.
  device_id = tuple(right if a == ring_axis else lax.axis_index(a) for a in mesh_axes)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=device_id, device_id_type=pl.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def ring_shift(x, *, mesh_axes, ring_axis, ring_size):
  kernel = functools.partial(_ring_shift_kernel, mesh_axes=tuple(mesh_axes),
                             ring_axis=ring_axis, ring_size=ring_size)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      ),
  )(x)
