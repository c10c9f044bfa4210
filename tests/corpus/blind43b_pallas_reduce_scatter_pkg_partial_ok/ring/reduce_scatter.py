"""Bi-directional ring reduce-scatter (Pallas TPU distributed guide)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

# A half-slice must be at least (8, 128), the size of a VREG.
BLOCK_SIZE = (16, 128)
LEFT = 0
RIGHT = 1


def mod(x, n):
  return lax.rem(x + n, n)


def local_barrier(left_neighbor, right_neighbor):
  barrier_sem = pltpu.get_barrier_semaphore()
  for neighbor in [left_neighbor, right_neighbor]:
    pl.semaphore_signal(barrier_sem, inc=1, device_id=(neighbor,),
                        device_id_type=pl.DeviceIdType.MESH)
  pl.semaphore_wait(barrier_sem, 2)


def signal(num_devices, left_or_right, semaphore):
  my_id = lax.axis_index('x')
  if left_or_right == LEFT:
    neighbor = mod(my_id - 1, num_devices)
  else:
    neighbor = mod(my_id + 1, num_devices)
  pl.semaphore_signal(semaphore, inc=1, device_id=(neighbor,),
                      device_id_type=pl.DeviceIdType.MESH)


def reduce_scatter_kernel(num_devices, x_ref, o_ref, hbm_scratch, local_copy_sem,
                          left_recv_sem, left_send_sem, right_recv_sem,
                          right_send_sem, left_capacity_sem, right_capacity_sem,
                          accum_scratch):
  block_size = BLOCK_SIZE
  outer_step = pl.program_id(0)
  phase = pl.program_id(1)
  is_start = jnp.logical_and(outer_step == 0, phase == 0)
  last_iteration = outer_step == pl.num_programs(0) - 1

  working_slot = lax.rem(outer_step, 2)
  receiving_slot = 1 - working_slot
  my_id = lax.axis_index('x')
  right_neighbor = mod(my_id + 1, num_devices)
  left_neighbor = mod(my_id - 1, num_devices)

  left_copy_device = mod(my_id + outer_step + 1, num_devices)
  right_copy_device = mod(my_id - outer_step - 1, num_devices)
  left_copy_slice = pl.ds(0, block_size[0] // 2)
  right_copy_slice = pl.ds(block_size[0] // 2, block_size[0] // 2)
  current_phase_slice = pl.ds(phase * (block_size[0] // 2), block_size[0] // 2)

  initial_left_copy = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[my_id, left_copy_slice],
      dst_ref=hbm_scratch.at[working_slot, left_copy_slice],
      send_sem=left_send_sem, recv_sem=left_recv_sem,
      device_id=(left_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  initial_right_copy = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[my_id, right_copy_slice],
      dst_ref=hbm_scratch.at[working_slot, right_copy_slice],
      send_sem=right_send_sem, recv_sem=right_recv_sem,
      device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  left_copy = pltpu.make_async_remote_copy(
      src_ref=hbm_scratch.at[working_slot, left_copy_slice],
      dst_ref=hbm_scratch.at[receiving_slot, left_copy_slice],
      send_sem=left_send_sem, recv_sem=left_recv_sem,
      device_id=(left_neighbor,), device_id_type=pl.DeviceIdType.MESH)
  right_copy = pltpu.make_async_remote_copy(
      src_ref=hbm_scratch.at[receiving_slot, right_copy_slice],
      dst_ref=hbm_scratch.at[working_slot, right_copy_slice],
      send_sem=right_send_sem, recv_sem=right_recv_sem,
      device_id=(right_neighbor,), device_id_type=pl.DeviceIdType.MESH)

  @pl.when(is_start)
  def _():
    local_barrier(left_neighbor, right_neighbor)
    o_ref[...] = jnp.zeros_like(o_ref[...])
    accum_scratch[...] = jnp.zeros_like(accum_scratch[...])
    initial_left_copy.start()
    initial_left_copy.wait()
    initial_right_copy.start()
    signal(num_devices, LEFT, right_capacity_sem)
    signal(num_devices, RIGHT, left_capacity_sem)

  @pl.when(~is_start)
  def _():
    @pl.when(phase == LEFT)
    def _():
      pl.semaphore_wait(right_capacity_sem, 1)
      right_copy.start()

    @pl.when(phase == RIGHT)
    def _():
      pl.semaphore_wait(left_capacity_sem, 1)
      left_copy.start()

  local_copy = pltpu.make_async_copy(
      src_ref=hbm_scratch.at[working_slot, current_phase_slice],
      dst_ref=accum_scratch, sem=local_copy_sem)
  local_copy.start()
  local_copy.wait()

  @pl.when(~last_iteration)
  def _():
    @pl.when(phase == LEFT)
    def _():
      accum_scratch[...] += x_ref[left_copy_device, left_copy_slice]

    @pl.when(phase == RIGHT)
    def _():
      accum_scratch[...] += x_ref[right_copy_device, right_copy_slice]

  local_copy = pltpu.make_async_copy(
      src_ref=accum_scratch,
      dst_ref=hbm_scratch.at[working_slot, current_phase_slice],
      sem=local_copy_sem)
  local_copy.start()
  local_copy.wait()

  @pl.when(is_start)
  def _():
    initial_right_copy.wait()

  @pl.when(~is_start)
  def _():
    @pl.when(phase == LEFT)
    def _():
      right_copy.wait()
      signal(num_devices, LEFT, right_capacity_sem)

    @pl.when(phase == RIGHT)
    def _():
      left_copy.wait()
      signal(num_devices, RIGHT, left_capacity_sem)

  @pl.when(last_iteration)
  def _():
    @pl.when(phase == LEFT)
    def _():
      o_ref[left_copy_slice, ...] = accum_scratch[...]
      pl.semaphore_wait(right_capacity_sem, 1)

    @pl.when(phase == RIGHT)
    def _():
      o_ref[right_copy_slice, ...] = accum_scratch[...]
      pl.semaphore_wait(left_capacity_sem, 1)


def pallas_reduce_scatter(input_arr, *, num_devices):
  block_size = BLOCK_SIZE
  input_arr = input_arr.reshape(num_devices, block_size[0], block_size[1])
  out_shape = (
      jax.ShapeDtypeStruct((block_size[0], block_size[1]), jnp.float32),
      jax.ShapeDtypeStruct((2, block_size[0], block_size[1]), jnp.float32),
  )
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=[
          pl.BlockSpec(memory_space=pltpu.VMEM),
          pl.BlockSpec(memory_space=pl.ANY),
      ],
      grid=(num_devices, 2),
      scratch_shapes=(
          [pltpu.SemaphoreType.DMA] * 5
          + [pltpu.SemaphoreType.REGULAR] * 2
          + [pltpu.VMEM((block_size[0] // 2, block_size[1]), jnp.float32)]
      ),
  )
  return pl.pallas_call(
      functools.partial(reduce_scatter_kernel, num_devices),
      out_shape=out_shape,
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(input_arr)[0]
