import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

from ._axes import RING


def _kernel(x_ref, o_ref, send_sem, recv_sem):
  me = lax.axis_index(RING)
  dst = lax.rem(me + 1, lax.axis_size(RING))
  cp = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(dst,),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def ring_send_right(x):
  return pl.pallas_call(
      _kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)
