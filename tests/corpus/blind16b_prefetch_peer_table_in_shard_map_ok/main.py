import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('x',))
BLOCK_ROWS = 8


def table_send_kernel(peers_ref, x_ref, o_ref, send_sem, recv_sem):
  dst = peers_ref[lax.axis_index('x')]
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=dst,
                                     device_id_type=pltpu.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


def table_send(peers, x):
  rows = x.shape[0] // BLOCK_ROWS
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      grid=(rows,),
      in_specs=[pl.BlockSpec((BLOCK_ROWS, x.shape[1]), lambda i, peers: (i, 0))],
      out_specs=pl.BlockSpec((BLOCK_ROWS, x.shape[1]), lambda i, peers: (i, 0)),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )
  return pl.pallas_call(table_send_kernel,
                        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        grid_spec=grid_spec)(peers, x)


@jax.jit
def exchange(peers, x):
  return jax.shard_map(table_send, mesh=mesh, in_specs=(P(), P('x')), out_specs=P('x'),
                       check_vma=False)(peers, x)


if __name__ == '__main__':
  peers = jnp.array([3, 2, 1, 0], jnp.int32)
  x = jnp.ones((64, 128), jnp.float32)
  exchange.trace(peers, x).lower(lowering_platforms=('tpu',))
