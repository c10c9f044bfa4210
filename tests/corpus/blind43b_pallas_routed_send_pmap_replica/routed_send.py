"""Send this device's block to the device named in a routing table."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _routed_send_kernel(route_ref, x_ref, o_ref, send_sem, recv_sem):
  dst = route_ref[0]
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref,
      dst_ref=o_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=dst,
      device_id_type=pltpu.DeviceIdType.LOGICAL,
  )
  copy.start()
  copy.wait()


def routed_send(route, x):
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )
  return pl.pallas_call(
      _routed_send_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=grid_spec,
  )(route, x)
