"""Stage-to-stage activation handoff for a ring pipeline, as a Pallas TPU kernel."""
import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

STAGE_AXIS = "stage"


def _handoff_kernel(x_ref, o_ref, send_sem, recv_sem):
  my_id = lax.axis_index(STAGE_AXIS)
  n = lax.axis_size(STAGE_AXIS)
  left = lax.rem(my_id + n - 1, n)
  right = lax.rem(my_id + 1, n)

  # Make sure both neighbours have entered the kernel before any DMA lands.
  barrier_sem = pltpu.get_barrier_semaphore()
  pl.semaphore_signal(barrier_sem, device_id=(left,),
                      device_id_type=pl.DeviceIdType.MESH)
  pl.semaphore_signal(barrier_sem, device_id=(right,),
                      device_id_type=pl.DeviceIdType.MESH)
  pl.semaphore_wait(barrier_sem, 2)

  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref,
      send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right,), device_id_type=pl.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def handoff(x):
  return pl.pallas_call(
      _handoff_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)
