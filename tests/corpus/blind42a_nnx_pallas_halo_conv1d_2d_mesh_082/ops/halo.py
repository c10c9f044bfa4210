"""Halo exchange for sequence-sharded convolutions: every device DMAs its last `halo`
rows into the halo buffer of its right neighbour (Pallas TPU remote copy)."""
import functools

import jax
import jax.experimental.pallas.tpu as pltpu
from jax import lax
from jax.experimental import pallas as pl


def _halo_kernel(x_ref, halo_ref, send_sem, recv_sem, *, axis, n, halo):
  me = lax.axis_index(axis)
  right = lax.rem(me + 1, n)
  rows = x_ref.shape[0]
  dma = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[pl.ds(rows - halo, halo)],
      dst_ref=halo_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(right,),
      device_id_type=pl.DeviceIdType.MESH,
  )
  dma.start()
  dma.wait()


def exchange_halo(x, *, axis, n, halo):
  return pl.pallas_call(
      functools.partial(_halo_kernel, axis=axis, n=n, halo=halo),
      out_shape=jax.ShapeDtypeStruct((halo, x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)
