import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

TAIL = 8


def _send_tail_kernel(x_ref, tail_ref, send_sem, recv_sem):
  fsdp = lax.axis_index("fsdp")
  sp = lax.axis_index("sp")
  nxt = lax.rem(sp + 1, lax.psum(1, "sp"))
  rows = x_ref.shape[0]
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[pl.ds(rows - TAIL, TAIL)],
      dst_ref=tail_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(0, fsdp, nxt),  # (replica, fsdp, sp)
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def left_tail(x):
  """Last TAIL rows of the previous sequence shard."""
  return pl.pallas_call(
      _send_tail_kernel,
      out_shape=jax.ShapeDtypeStruct((TAIL, x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)
