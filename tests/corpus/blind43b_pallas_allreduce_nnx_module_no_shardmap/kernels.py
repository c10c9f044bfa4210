"""Ring all-reduce from the Pallas TPU distributed guide."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

AXIS = 'x'


def local_barrier(left_neighbor, right_neighbor, double_barrier=True):
  barrier_sem = pltpu.get_barrier_semaphore()
  for neighbor in [left_neighbor, right_neighbor]:
    pl.semaphore_signal(
        barrier_sem,
        inc=1,
        device_id=(neighbor,),
        device_id_type=pl.DeviceIdType.MESH,
    )
  pl.semaphore_wait(barrier_sem, 2)
  if double_barrier:
    @functools.partial(pl.run_scoped, second_barrier=pltpu.SemaphoreType.REGULAR)
    def _(second_barrier):
      for neighbor in [left_neighbor, right_neighbor]:
        pl.semaphore_signal(
            second_barrier,
            inc=1,
            device_id=(neighbor,),
            device_id_type=pl.DeviceIdType.MESH,
        )
      pl.semaphore_wait(second_barrier, 2)


def _all_reduce_kernel(num_devices, x_ref, o_ref, hbm_scratch, copy_sem,
                       remote_recv_sem, remote_send_sem, capacity_sem,
                       receive_scratch):
  outer_step = pl.program_id(0)
  working_slot = lax.rem(outer_step, 2)
  receiving_slot = 1 - working_slot

  my_id = lax.axis_index(AXIS)
  right_neighbor = lax.rem(my_id + 1, num_devices)
  left_neighbor = lax.rem(my_id - 1 + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    local_barrier(left_neighbor, right_neighbor)
    o_ref[...] = jnp.zeros_like(o_ref)
    receive_scratch[...] = jnp.zeros_like(receive_scratch)
    initial_copy = pltpu.make_async_remote_copy(
        src_ref=x_ref,
        dst_ref=hbm_scratch.at[working_slot],
        send_sem=remote_send_sem,
        recv_sem=remote_recv_sem,
        device_id=(right_neighbor,),
        device_id_type=pl.DeviceIdType.MESH,
    )
    initial_copy.start()
    initial_copy.wait()

  pl.semaphore_signal(
      capacity_sem,
      inc=1,
      device_id=(left_neighbor,),
      device_id_type=pl.DeviceIdType.MESH,
  )

  local_copy = pltpu.make_async_copy(
      src_ref=hbm_scratch.at[working_slot],
      dst_ref=receive_scratch,
      sem=copy_sem,
  )
  local_copy.start()

  pl.semaphore_wait(capacity_sem, 1)
  remote_copy = pltpu.make_async_remote_copy(
      src_ref=hbm_scratch.at[working_slot],
      dst_ref=hbm_scratch.at[receiving_slot],
      send_sem=remote_send_sem,
      recv_sem=remote_recv_sem,
      device_id=(right_neighbor,),
      device_id_type=pl.DeviceIdType.MESH,
  )
  remote_copy.start()
  local_copy.wait()
  o_ref[...] += receive_scratch[...]
  remote_copy.wait()


def ring_all_reduce(x, num_devices):
  """Sums the per-device block `x` (shape (8, 128)) over mesh axis AXIS."""
  out_shape = (
      jax.ShapeDtypeStruct(x.shape, jnp.float32),
      jax.ShapeDtypeStruct((2,) + x.shape, jnp.float32),  # hbm_scratch
  )
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=[
          pl.BlockSpec(memory_space=pltpu.VMEM),
          pl.BlockSpec(memory_space=pl.ANY),
      ],
      grid=(num_devices,),
      scratch_shapes=(
          [pltpu.SemaphoreType.DMA] * 3
          + [pltpu.SemaphoreType.REGULAR]
          + [pltpu.VMEM(x.shape, jnp.float32)]
      ),
  )
  kernel = pl.pallas_call(
      functools.partial(_all_reduce_kernel, num_devices),
      out_shape=out_shape,
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )
  return kernel(x)[0]
