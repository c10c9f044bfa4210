"""Pallas TPU collectives built on remote DMAs."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _ring_all_gather_kernel(x_ref, o_ref, copy_sem, send_sem, recv_sem, *, axis_name, num_devices):
  my_id = lax.axis_index(axis_name)
  right = lax.rem(my_id + 1, num_devices)

  local = pltpu.make_async_copy(x_ref, o_ref.at[my_id], copy_sem)
  local.start()
  local.wait()

  def hop(i, carry):
    # At hop i we forward the shard that originated i devices to our left.
    slot = lax.rem(my_id - i + num_devices, num_devices)
    rdma = pltpu.make_async_remote_copy(
        src_ref=o_ref.at[slot],
        dst_ref=o_ref.at[slot],
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(right,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    rdma.start()
    rdma.wait()
    return carry

  lax.fori_loop(0, num_devices - 1, hop, 0)


def ring_all_gather(x, *, axis_name, num_devices):
  """Per-device [n, d] -> [num_devices, n, d]; must run inside shard_map."""
  kernel = functools.partial(_ring_all_gather_kernel, axis_name=axis_name,
                             num_devices=num_devices)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((num_devices, *x.shape), x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 3,
      ),
  )(x)
