"""Send this device's block to the next device along the model axis (remote DMA)."""
import jax
import jax.experimental.pallas as pl
from jax import lax
from jax.experimental.pallas import tpu as pltpu

from . import constants as C


def _exchange_kernel(x_ref, o_ref, send_sem, recv_sem):
  model_size = lax.axis_size(C.MODEL)
  my_pos = lax.axis_index(C.MODEL)
  target = lax.rem(my_pos + 1, model_size)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref,
      dst_ref=o_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(target,),
      device_id_type=pl.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def neighbour_exchange(x):
  return pl.pallas_call(
      _exchange_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)
