import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

NX, NY = 2, 2
mesh = Mesh(np.array(jax.devices()).reshape(NX, NY), ('x', 'y'))


def transpose_exchange_kernel(a_ref, o_ref, send_sem, recv_sem):
  i = lax.axis_index('x')
  j = lax.axis_index('y')
  transposed = j * NY + i
  dma = pltpu.make_async_remote_copy(a_ref, o_ref, send_sem, recv_sem,
                                     device_id=transposed,
                                     device_id_type=pltpu.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


def transpose_blocks(a):
  return pl.pallas_call(
      transpose_exchange_kernel,
      out_shape=jax.ShapeDtypeStruct(a.shape, a.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=(pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA),
  )(a)


f = jax.jit(jax.shard_map(transpose_blocks, mesh=mesh, in_specs=P('x', 'y'),
                          out_specs=P('x', 'y'), check_vma=False))

if __name__ == '__main__':
  a = jnp.arange(32 * 256, dtype=jnp.float32).reshape(32, 256)
  f.trace(a).lower(lowering_platforms=('tpu',))
