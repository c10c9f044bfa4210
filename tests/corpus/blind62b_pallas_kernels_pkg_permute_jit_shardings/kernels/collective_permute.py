"""Neighbour permute over a 1-D ring of TPU chips, written as a Pallas kernel."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _permute_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, shift):
  idx = lax.axis_index(axis_name)
  size = lax.axis_size(axis_name)
  dst = lax.rem(idx + shift + size, size)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref,
      dst_ref=o_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(dst,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def ring_permute(x: jax.Array, *, axis_name: str, shift: int = 1) -> jax.Array:
  kernel = functools.partial(_permute_kernel, axis_name=axis_name, shift=shift)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      ),
  )(x)
