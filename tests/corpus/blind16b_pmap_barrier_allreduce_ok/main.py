import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

N = jax.local_device_count()


def one_shot_all_reduce_kernel(x_ref, o_ref, gather_ref, send_sems, recv_sems):
  me = lax.axis_index('i')
  barrier = pltpu.get_barrier_semaphore()
  for k in range(1, N):
    pl.semaphore_signal(barrier, 1, device_id=lax.rem(me + k, N),
                        device_id_type=pl.DeviceIdType.LOGICAL)
  pl.semaphore_wait(barrier, N - 1)

  gather_ref[me] = x_ref[...]
  copies = []
  for k in range(1, N):
    peer = lax.rem(me + k, N)
    dma = pltpu.make_async_remote_copy(x_ref, gather_ref.at[me], send_sems.at[k - 1],
                                       recv_sems.at[k - 1], device_id=peer,
                                       device_id_type=pl.DeviceIdType.LOGICAL)
    dma.start()
    copies.append(dma)
  for dma in copies:
    dma.wait()
  o_ref[...] = jnp.sum(gather_ref[...], axis=0)


def all_reduce(x):
  return pl.pallas_call(
      one_shot_all_reduce_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.VMEM((N,) + x.shape, x.dtype),
                      pltpu.SemaphoreType.DMA((N - 1,)),
                      pltpu.SemaphoreType.DMA((N - 1,))],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)


def grad_step(g):
  return all_reduce(g) / N


if __name__ == '__main__':
  grads = jax.ShapeDtypeStruct((N, 8, 128), jnp.float32)
  jax.jit(jax.pmap(grad_step, axis_name='i')).trace(grads).lower(lowering_platforms=('tpu',))
