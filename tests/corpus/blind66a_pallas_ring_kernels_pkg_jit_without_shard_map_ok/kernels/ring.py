"""Remote-DMA ring permute for TPU, after the Pallas distributed-TPU guide."""
import functools

import jax
import jax.experimental.pallas as pl
from jax import lax
from jax.experimental.pallas import tpu as pltpu

RING_AXIS = "x"


def _right_permute_kernel(input_ref, output_ref, send_sem, recv_sem, *,
                          axis_name, num_devices):
  my_id = lax.axis_index(axis_name)
  right_neighbor = lax.rem(my_id + 1, num_devices)
  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=input_ref,
      dst_ref=output_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(right_neighbor,),
      device_id_type=pl.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


def ring_permute(x, *, num_devices, axis_name=RING_AXIS):
  kernel = functools.partial(_right_permute_kernel, axis_name=axis_name,
                             num_devices=num_devices)
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=grid_spec,
  )(x)
