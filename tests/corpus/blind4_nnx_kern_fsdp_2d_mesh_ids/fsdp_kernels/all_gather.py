"""Ring all-gather over one mesh axis as a Pallas TPU kernel: at step i every device forwards the
shard it received at step i-1 to its right neighbour with a remote DMA."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _all_gather_kernel(x_ref, o_ref, copy_sem, send_sem, recv_sem, *, axis_name, num_devices):
  my_id = lax.axis_index(axis_name)
  right = lax.rem(my_id + 1, num_devices)

  local = pltpu.make_async_copy(x_ref, o_ref.at[my_id], copy_sem)
  local.start()
  local.wait()

  def step(i, carry):
    slot = lax.rem(my_id - i + num_devices, num_devices)
    copy = pltpu.make_async_remote_copy(
        src_ref=o_ref.at[slot],
        dst_ref=o_ref.at[slot],
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(right,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    copy.start()
    copy.wait()
    return carry

  lax.fori_loop(0, num_devices - 1, step, 0)


def ring_all_gather(x, *, axis_name: str, num_devices: int):
  """[*shard] -> [num_devices, *shard]; must run inside shard_map over `axis_name`."""
  kernel = functools.partial(_all_gather_kernel, axis_name=axis_name, num_devices=num_devices)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((num_devices, *x.shape), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 3,
  )(x)
