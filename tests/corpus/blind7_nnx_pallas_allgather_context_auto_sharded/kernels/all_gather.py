import functools

import jax
import jax.numpy as jnp
from jax import lax
import jax.experimental.pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_all_gather_kernel(x_ref, o_ref, local_sem, send_sem, recv_sems, *, axis_name, n):
  step = pl.program_id(0)
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, n)
  slot = lax.rem(me - step + n, n)

  @pl.when(step == 0)
  def _():
    local = pltpu.make_async_copy(src_ref=x_ref, dst_ref=o_ref.at[me], sem=local_sem)
    local.start()
    local.wait()

  remote = pltpu.make_async_remote_copy(
      src_ref=o_ref.at[slot],
      dst_ref=o_ref.at[slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[step],
      device_id=(right,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote.start()
  remote.wait()


def ring_all_gather(x, *, axis_name, n):
  """x: this device's block. Returns (n, *x.shape) with every device's block."""
  kernel = functools.partial(_ring_all_gather_kernel, axis_name=axis_name, n=n)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((n,) + x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2 + [pltpu.SemaphoreType.DMA((n - 1,))],
          grid=(n - 1,),
      ),
  )(x)
