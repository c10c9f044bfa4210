import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _shift_kernel(x_ref, y_ref):
  def body(ready_sem, send_sem, recv_sem):
    my_x = lax.axis_index('x')
    num_devices = lax.axis_size('x')
    neighbor_x = lax.rem(my_x + 1, num_devices)

    # 'y' is held constant
    device_id = {'x': neighbor_x}

    pl.semaphore_signal(ready_sem, device_id=device_id)
    pl.semaphore_wait(ready_sem)
    copy_done = pltpu.async_remote_copy(
        x_ref, y_ref, send_sem, recv_sem, device_id=device_id
    )
    copy_done.wait_send()
    copy_done.wait_recv()

  pl.run_scoped(
      body,
      pltpu.SemaphoreType.REGULAR,
      pltpu.SemaphoreType.DMA,
      pltpu.SemaphoreType.DMA,
  )


def shift_along_x(x):
  return pl.pallas_call(
      _shift_kernel,
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      out_shape=x,
  )(x)
