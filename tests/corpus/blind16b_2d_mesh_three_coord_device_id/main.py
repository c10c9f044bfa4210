import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))
N_MODEL = mesh.shape['model']


def ring_gather_kernel(x_ref, o_ref, send_sem, recv_sem):
  d = lax.axis_index('data')
  m = lax.axis_index('model')
  nxt = lax.rem(m + 1, N_MODEL)
  blk = x_ref.shape[0]
  o_ref[pl.ds(m * blk, blk), :] = x_ref[...]
  for step in range(N_MODEL - 1):
    slot = lax.rem(m - step + N_MODEL, N_MODEL)
    chunk = o_ref.at[pl.ds(slot * blk, blk), :]
    dma = pltpu.make_async_remote_copy(chunk, chunk, send_sem, recv_sem,
                                       device_id=(0, d, nxt),
                                       device_id_type=pltpu.DeviceIdType.MESH)
    dma.start()
    dma.wait()


def ring_gather(x):
  return pl.pallas_call(
      ring_gather_kernel,
      out_shape=jax.ShapeDtypeStruct((x.shape[0] * N_MODEL, x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )(x)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P('data', 'model'),
                   out_specs=P('data', None), check_vma=False)
def gather_columns(x):
  return ring_gather(x)


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((32, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P('data', 'model')))
  gather_columns.trace(x).lower(lowering_platforms=('tpu',))
