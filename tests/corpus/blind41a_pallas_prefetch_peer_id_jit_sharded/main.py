import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def send_to_peer_kernel(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  copy = pltpu.make_async_remote_copy(
      x_ref, o_ref, send_sem, recv_sem,
      device_id=peer_ref[0], device_id_type=pl.DeviceIdType.LOGICAL)
  copy.start()
  copy.wait()


def send_to_peer(peer, x):
  return pl.pallas_call(
      send_to_peer_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=1,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
  )(peer, x)


mesh = Mesh(np.array(jax.devices()), ('d',))
step = jax.jit(send_to_peer,
               in_shardings=(NamedSharding(mesh, P()), NamedSharding(mesh, P('d'))),
               out_shardings=NamedSharding(mesh, P('d')))
peer = jnp.array([1], jnp.int32)
x = jnp.zeros((32, 128), jnp.float32)
step.trace(peer, x).lower(lowering_platforms=('tpu',))
print('ok')
