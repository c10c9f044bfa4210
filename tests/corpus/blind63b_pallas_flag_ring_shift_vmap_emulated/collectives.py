"""Ring shift used by the collective matmul; the Pallas remote-DMA version is picked by a flag."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

USE_PALLAS_RING = True


def _shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, size):
  me = lax.axis_index(axis_name)
  dma = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(lax.rem(me + 1, size),), device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def _pallas_shift(x, axis_name, size):
  return pl.pallas_call(
      functools.partial(_shift_kernel, axis_name=axis_name, size=size),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)


def _ppermute_shift(x, axis_name, size):
  return lax.ppermute(x, axis_name, perm=[(j, (j + 1) % size) for j in range(size)])


def ring_shift(x, axis_name, size):
  if USE_PALLAS_RING:
    return _pallas_shift(x, axis_name, size)
  return _ppermute_shift(x, axis_name, size)
