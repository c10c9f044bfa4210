import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

HALO = 8


def _send_bottom_rows_kernel(x_ref, halo_ref, send_sem, recv_sem):
  x_idx = lax.axis_index("x")
  y_idx = lax.axis_index("y")
  y_next = lax.rem(y_idx + 1, lax.axis_size("y"))
  rows = x_ref.shape[0]
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[pl.ds(rows - HALO, HALO)],
      dst_ref=halo_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(x_idx, y_next),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def exchange_top_halo(x):
  """Returns the HALO rows that sit just above this tile (from the previous y-tile)."""
  return pl.pallas_call(
      _send_bottom_rows_kernel,
      out_shape=jax.ShapeDtypeStruct((HALO, x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)
