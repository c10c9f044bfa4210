"""Send a block to a fixed logical device: the peer is a Python int, not lax.axis_index."""
import functools

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

PEER = 1


def send_to_peer_kernel(x_ref, o_ref, send_sem, recv_sem, *, peer):
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=peer, device_id_type=pltpu.DeviceIdType.LOGICAL)
  copy.start()
  copy.wait()


def send_to_peer(x, peer=PEER):
  return pl.pallas_call(
      functools.partial(send_to_peer_kernel, peer=peer),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)


@jax.jit
def step(x):
  y = send_to_peer(x * 2.0)
  return y + 1.0


if __name__ == '__main__':
  x = jnp.zeros((16, 128), jnp.float32)
  step.trace(x).lower(lowering_platforms=('tpu',))
