import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_reduce_scatter_kernel(x_ref, o_ref, acc_ref, recv_ref, send_sem, recv_sem,
                                *, axis_name, num_devices):
  step = pl.program_id(0)
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, num_devices)
  left = lax.rem(me - 1 + num_devices, num_devices)

  @pl.when(step == 0)
  def _():
    # Make sure both neighbours entered the kernel before we DMA into them.
    barrier_sem = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier_sem, device_id=(left,),
                           device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier_sem, device_id=(right,),
                           device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier_sem, 2)
    acc_ref[...] = x_ref[lax.rem(me - 1 + num_devices, num_devices)]

  copy = pltpu.make_async_remote_copy(
      src_ref=acc_ref,
      dst_ref=recv_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(right,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()

  chunk = lax.rem(me - step - 2 + 2 * num_devices, num_devices)
  acc_ref[...] = recv_ref[...] + x_ref[chunk]

  @pl.when(step == num_devices - 2)
  def _():
    o_ref[...] = acc_ref[...]


def ring_reduce_scatter(x, *, axis_name, num_devices):
  """x: [num_devices, block, lanes] per chip -> [block, lanes], chunk `me` summed over the ring."""
  _, block, lanes = x.shape
  kernel = functools.partial(_ring_reduce_scatter_kernel,
                             axis_name=axis_name, num_devices=num_devices)
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      grid=(num_devices - 1,),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[
          pltpu.VMEM((block, lanes), x.dtype),
          pltpu.VMEM((block, lanes), x.dtype),
          pltpu.SemaphoreType.DMA,
          pltpu.SemaphoreType.DMA,
      ],
  )
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((block, lanes), x.dtype),
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0,
                                           dimension_semantics=("arbitrary",)),
  )(x)
