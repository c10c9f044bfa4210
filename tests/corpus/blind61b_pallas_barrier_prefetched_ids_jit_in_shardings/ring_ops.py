import functools

import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

LOGICAL = pltpu.DeviceIdType.LOGICAL


def _shift_kernel(ids_ref, x_ref, o_ref, send_sem, recv_sem, *, num_devices):
  my_id = ids_ref[0]
  right = (my_id + 1) % num_devices
  left = (my_id + num_devices - 1) % num_devices

  barrier = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier, 1, device_id=left, device_id_type=LOGICAL)
  pltpu.semaphore_signal(barrier, 1, device_id=right, device_id_type=LOGICAL)
  pltpu.semaphore_wait(barrier, 2)

  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=right, device_id_type=LOGICAL)
  copy.start()
  copy.wait()


def make_ring_shift(shape, dtype, num_devices):
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )
  return functools.partial(
      pl.pallas_call,
      functools.partial(_shift_kernel, num_devices=num_devices),
      out_shape=jax.ShapeDtypeStruct(shape, dtype),
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )()
