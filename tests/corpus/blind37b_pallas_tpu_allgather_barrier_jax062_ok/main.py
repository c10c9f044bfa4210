import functools

import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental import shard_map
from jax.experimental.pallas import tpu as pltpu

P = jax.sharding.PartitionSpec

num_devices = jax.local_device_count()
partition = P('x', None)
mesh = jax.make_mesh((num_devices,), ('x',))
sharding = jax.sharding.NamedSharding(mesh, partition)
input_arr = jax.device_put(
    jax.random.uniform(jax.random.key(0), (8 * num_devices, 128)), sharding)


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  left_neighbor = lax.rem(my_id - 1 + num_devices, num_devices)
  copy_slot = lax.rem(my_id - outer_step + num_devices, num_devices)

  @pl.when(outer_step == 0)
  def _():
    barrier_sem = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier_sem, device_id=(left_neighbor,),
                           device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier_sem, device_id=(right_neighbor,),
                           device_id_type=pltpu.DeviceIdType.MESH)
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
      device_id=(right_neighbor,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


out_shape = jax.ShapeDtypeStruct((num_devices, 8, 128), jnp.float32)
grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
    scratch_shapes=(
        [pltpu.SemaphoreType.DMA] * 2 + [pltpu.SemaphoreType.DMA((num_devices - 1,))]),
    grid=(num_devices - 1,),
)

all_gather = pl.pallas_call(
    all_gather_kernel,
    out_shape=out_shape,
    grid_spec=grid_spec,
    compiler_params=pltpu.TPUCompilerParams(collective_id=0),
)

pallas_result = jax.jit(
    shard_map.shard_map(
        all_gather, mesh=mesh, in_specs=partition, out_specs=P('x'), check_rep=False))
print(pallas_result.trace(input_arr).lower(lowering_platforms=('tpu',)).as_text()[:40])
