import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _send_left_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name, n):
  me = lax.axis_index(axis_name)
  left = lax.rem(me + n - 1, n)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def send_left(x, *, axis_name, n):
  return pl.pallas_call(
      functools.partial(_send_left_kernel, axis_name=axis_name, n=n),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)


class NeighbourMix(eqx.Module):
  linear: eqx.nn.Linear
  axis_name: str = eqx.field(static=True)
  n: int = eqx.field(static=True)

  def __init__(self, dim, n, axis_name, *, key):
    self.linear = eqx.nn.Linear(dim, dim, key=key)
    self.axis_name = axis_name
    self.n = n

  def __call__(self, x):
    right = send_left(x, axis_name=self.axis_name, n=self.n)
    return jax.vmap(self.linear)(x + right)
