import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

AXIS = "replica"


def _neighbour_mean_kernel(x_ref, o_ref, recv_buf, send_sem, recv_sem):
  me = lax.axis_index(AXIS)
  n = lax.psum(1, AXIS)
  left = lax.rem(me + n - 1, n)
  right = lax.rem(me + 1, n)

  barrier = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier, device_id=(left,),
                         device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_signal(barrier, device_id=(right,),
                         device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_wait(barrier, 2)

  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=recv_buf, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()
  o_ref[...] = 0.5 * (x_ref[...] + recv_buf[...])


def neighbour_mean(x):
  return pl.pallas_call(
      _neighbour_mean_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.VMEM(x.shape, x.dtype),
                      pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      compiler_params=pltpu.TPUCompilerParams(collective_id=0),
  )(x)
