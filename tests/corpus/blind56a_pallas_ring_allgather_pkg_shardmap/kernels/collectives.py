import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _all_gather_kernel(x_ref, o_ref, local_sem, send_sem, recv_sems, *, axis_name, n):
  step = pl.program_id(0)
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, n)
  left = lax.rem(me - 1 + n, n)
  slot = lax.rem(me - step + n, n)

  @pl.when(step == 0)
  def _():
    # make sure both neighbours have entered the kernel before any DMA lands
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pl.semaphore_signal(barrier, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 2)
    local = pltpu.make_async_copy(x_ref, o_ref.at[me], local_sem)
    local.start()
    local.wait()

  remote = pltpu.make_async_remote_copy(
      src_ref=o_ref.at[slot], dst_ref=o_ref.at[slot],
      send_sem=send_sem, recv_sem=recv_sems.at[step],
      device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  remote.start()
  remote.wait()


def ring_all_gather(x, axis_name, n):
  """Per-shard x: [rows, cols] -> [n, rows, cols]. Must run inside shard_map over `axis_name`."""
  kernel = functools.partial(_all_gather_kernel, axis_name=axis_name, n=n)
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA,
                      pltpu.SemaphoreType.DMA((n - 1,))],
      grid=(n - 1,),
  )
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((n, *x.shape), x.dtype),
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)
