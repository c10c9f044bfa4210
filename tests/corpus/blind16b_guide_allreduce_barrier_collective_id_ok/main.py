import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

num_devices = 4
mesh = Mesh(np.array(jax.devices()[:num_devices]), ('x',))
partition = P(None, 'x')


def all_reduce_kernel(x_ref, o_ref, hbm_scratch, copy_sem, remote_recv_sem,
                      remote_send_sem, capacity_sem, receive_scratch):
  outer_step = pl.program_id(0)
  working_slot = lax.rem(outer_step, 2)
  receiving_slot = 1 - working_slot

  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  left_neighbor = lax.rem(my_id - 1 + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    barrier_sem = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier_sem, inc=1, device_id=(left_neighbor,),
                        device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(barrier_sem, inc=1, device_id=(right_neighbor,),
                        device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier_sem, 2)
    o_ref[...] = x_ref[...]
    local_copy = pltpu.make_async_copy(src_ref=x_ref, dst_ref=hbm_scratch.at[working_slot],
                                       sem=copy_sem)
    local_copy.start()
    local_copy.wait()

  @pl.when(outer_step > 0)
  def _():
    pl.semaphore_signal(capacity_sem, inc=1, device_id=(left_neighbor,),
                        device_id_type=pl.DeviceIdType.MESH)

  remote_copy = pltpu.make_async_remote_copy(
      src_ref=hbm_scratch.at[working_slot],
      dst_ref=hbm_scratch.at[receiving_slot],
      send_sem=remote_send_sem,
      recv_sem=remote_recv_sem,
      device_id=(right_neighbor,),
      device_id_type=pl.DeviceIdType.MESH,
  )
  remote_copy.start()
  remote_copy.wait()

  @pl.when(outer_step < num_devices - 1)
  def _():
    pl.semaphore_wait(capacity_sem, 1)

  local_copy = pltpu.make_async_copy(src_ref=hbm_scratch.at[receiving_slot],
                                     dst_ref=receive_scratch, sem=copy_sem)
  local_copy.start()
  local_copy.wait()
  o_ref[...] += receive_scratch[...]


def make_all_reduce(shape, dtype):
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
          + [pltpu.VMEM(shape, dtype)]
      ),
  )
  return pl.pallas_call(
      all_reduce_kernel,
      out_shape=(jax.ShapeDtypeStruct(shape, dtype),
                 jax.ShapeDtypeStruct((2,) + shape, dtype)),
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0,
                                           dimension_semantics=('arbitrary',)),
  )


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=partition,
                   out_specs=partition, check_vma=False)
def all_reduce(x):
  out, _ = make_all_reduce(x.shape, x.dtype)(x)
  return out


if __name__ == '__main__':
  x = jnp.ones((8, 128 * num_devices), jnp.float32)
  all_reduce.trace(x).lower(lowering_platforms=('tpu',))
