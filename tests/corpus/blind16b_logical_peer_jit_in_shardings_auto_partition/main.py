import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class PeerSend:
  """Pushes the local block to device `peer` with one remote DMA."""

  def __init__(self, peer: int):
    self.peer = peer

  def _kernel(self, x_ref, o_ref, send_sem, recv_sem):
    dma = pltpu.make_async_remote_copy(
        x_ref, o_ref, send_sem, recv_sem,
        device_id=self.peer, device_id_type=pltpu.DeviceIdType.LOGICAL)
    dma.start()
    dma.wait()

  def __call__(self, x):
    return pl.pallas_call(
        self._kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


mesh = Mesh(np.array(jax.devices()), ('i',))
sharding = NamedSharding(mesh, P('i', None))
sender = PeerSend(peer=0)
send = jax.jit(sender, in_shardings=sharding, out_shardings=sharding)

if __name__ == '__main__':
  x = jnp.ones((64, 128), jnp.float32)
  send.trace(x).lower(lowering_platforms=('tpu',))
