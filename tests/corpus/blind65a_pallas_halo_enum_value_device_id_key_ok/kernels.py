import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

from axes import MeshAxis
from parallel.topology import neighbour

HALO = 8


def _halo_kernel(x_ref, halo_ref, send_sem, recv_sem):
  rows = x_ref.shape[0]
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[pl.ds(rows - HALO, HALO)],
      dst_ref=halo_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=neighbour(MeshAxis.SEQ, +1),
      device_id_type=pl.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def left_halo(x):
  """Last HALO rows of the previous sequence shard."""
  return pl.pallas_call(
      _halo_kernel,
      out_shape=jax.ShapeDtypeStruct((HALO, x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)
