import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

DEVICE_AXIS = "devices"


def _neighbour_exchange_kernel(x_ref, o_ref, send_sem, recv_sem, *, n):
  me = jax.lax.axis_index(DEVICE_AXIS)
  left = jax.lax.rem(me + n - 1, n)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def neighbour_exchange(x, n):
  return pl.pallas_call(
      functools.partial(_neighbour_exchange_kernel, n=n),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      compiler_params=pltpu.CompilerParams(has_side_effects=True),
  )(x)


def identity(x, n):
  return x


COMM_KERNELS = {"neighbour": neighbour_exchange, "none": identity}
