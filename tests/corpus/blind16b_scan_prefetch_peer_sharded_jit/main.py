import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('d',))


def push_kernel(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                     device_id=peer_ref[0],
                                     device_id_type=pltpu.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


def push(peer, x):
  return pl.pallas_call(
      push_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=1,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      ),
  )(peer, x)


@functools.partial(jax.jit, in_shardings=(NamedSharding(mesh, P()),
                                          NamedSharding(mesh, P('d'))))
def pipeline(schedule, x):
  def body(carry, peer):
    return push(peer[None], carry) + 1.0, None

  out, _ = lax.scan(body, x, schedule)
  return out


if __name__ == '__main__':
  schedule = jnp.array([1, 2, 3], jnp.int32)
  x = jnp.ones((32, 128), jnp.float32)
  pipeline.trace(schedule, x).lower(lowering_platforms=('tpu',))
