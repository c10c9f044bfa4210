import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def send_to_peer_kernel(peers_ref, x_ref, o_ref, send_sem, recv_sem):
  peer = peers_ref[0]
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=peer,
                                     device_id_type=pl.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


class PeerExchange(eqx.Module):
  peers: jax.Array

  def __call__(self, x):
    return pl.pallas_call(
        send_to_peer_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=1,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA]),
    )(self.peers, x)


@eqx.filter_jit
def exchange(module, x):
  return module(x)


mesh = Mesh(np.array(jax.devices()), ('x',))
module = PeerExchange(peers=jnp.array([1, 2, 3, 0], jnp.int32))
x = jax.device_put(jnp.ones((32, 128), jnp.float32), NamedSharding(mesh, P('x')))
params, static = eqx.partition(module, eqx.is_array)
jax.jit(lambda p, x: exchange(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=('tpu',))
