import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

PEER = 1


def push_to_peer(x_ref, o_ref, send_sem, recv_sem):
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=PEER,
                                     device_id_type=pltpu.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


class PeerCopy(nnx.Module):
  def __init__(self, d, rngs):
    self.scale = nnx.Param(jnp.ones((d,)))

  def __call__(self, x):
    moved = pl.pallas_call(
        push_to_peer,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA])(x)
    return moved * self.scale[...]


model = PeerCopy(128, nnx.Rngs(0))
nnx.jit(lambda m, x: m(x)).trace(model, jnp.ones((16, 128))).lower(lowering_platforms=('tpu',))
