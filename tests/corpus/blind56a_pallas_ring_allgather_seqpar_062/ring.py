import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems, *, axis, n):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index(axis)
  right = lax.rem(my_id + 1, n)
  left = lax.rem(my_id - 1 + n, n)
  copy_slot = lax.rem(my_id - outer_step + n, n)

  @pl.when(outer_step == 0)
  def _():
    barrier_sem = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier_sem, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier_sem, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier_sem, 2)
    local_copy_op = pltpu.make_async_copy(
        src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
    local_copy_op.start()
    local_copy_op.wait()

  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot],
      dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[outer_step],
      device_id=(right,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


def ring_all_gather(x, *, axis, n):
  return pl.pallas_call(
      functools.partial(all_gather_kernel, axis=axis, n=n),
      out_shape=jax.ShapeDtypeStruct((n,) + x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
          out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
          scratch_shapes=([pltpu.SemaphoreType.DMA] * 2
                          + [pltpu.SemaphoreType.DMA((n - 1,))]),
          grid=(n - 1,),
      ),
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)
