"""Sequence-parallel causal conv: each shard receives its left neighbour's block via a Pallas remote DMA."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

AXIS = "sp"
N = 4
mesh = Mesh(np.array(jax.devices()[:N]), (AXIS,))


def _shift_right_kernel(x_ref, o_ref, send_sem, recv_sem):
  me = lax.axis_index(AXIS)
  right = lax.rem(me + 1, N)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def shift_from_left(x):
  return pl.pallas_call(
      _shift_right_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)


class HaloCausalConv(eqx.Module):
  conv: eqx.nn.Conv1d
  halo: int = eqx.field(static=True)

  def __init__(self, channels, kernel_size, *, key):
    self.conv = eqx.nn.Conv1d(channels, channels, kernel_size, key=key)
    self.halo = kernel_size - 1

  def __call__(self, x):
    # x: [local_len, channels]
    left = shift_from_left(x)[-self.halo:]
    first = lax.axis_index(AXIS) == 0
    left = jnp.where(first, jnp.zeros_like(left), left)
    xp = jnp.concatenate([left, x], axis=0)
    return self.conv(xp.T).T


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(AXIS, None)),
                   out_specs=P(AXIS, None), check_vma=False)
def apply_conv(layer, x):
  return layer(x)


def main():
  layer = HaloCausalConv(128, 4, key=jax.random.key(0))
  x = jnp.ones((4096, 128), jnp.float32)
  apply_conv.trace(layer, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
