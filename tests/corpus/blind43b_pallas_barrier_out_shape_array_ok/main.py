from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import mesh_utils
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def kernel(x_ref, y_ref):
  def body(ready_sem, send_sem, recv_sem):
    my_id = lax.axis_index('x')
    num_devices = lax.axis_size('x')
    neighbor = lax.rem(my_id + 1, num_devices)
    barrier_sem = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier_sem, device_id=neighbor)
    pl.semaphore_wait(barrier_sem)
    pl.semaphore_signal(ready_sem, device_id=neighbor)
    pl.semaphore_wait(ready_sem)
    pltpu.async_remote_copy(
        x_ref, y_ref, send_sem, recv_sem, device_id=neighbor
    ).wait()

  pl.run_scoped(
      body,
      pltpu.SemaphoreType.REGULAR,
      pltpu.SemaphoreType.DMA,
      pltpu.SemaphoreType.DMA,
  )


num_devices = jax.local_device_count()
x = jnp.arange(num_devices * 8 * 128, dtype=jnp.float32).reshape((num_devices * 8, 128))

device_mesh = mesh_utils.create_device_mesh((jax.device_count(),), jax.devices())
mesh = Mesh(device_mesh, ['x'])


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=P('x'), out_specs=P('x'))
def rotate(x):
  return pl.pallas_call(
      kernel,
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      out_shape=x,
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)


print(rotate.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
