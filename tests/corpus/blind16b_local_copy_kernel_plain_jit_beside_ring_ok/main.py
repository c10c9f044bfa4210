import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def ring_shift_kernel(x_ref, o_ref, send_sem, recv_sem):
  n = lax.axis_size('x')
  right = lax.rem(lax.axis_index('x') + 1, n)
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                     device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def staging_kernel(x_ref, o_ref, copy_sem, unused_sem):
  dma = pltpu.make_async_copy(x_ref, o_ref, copy_sem)
  dma.start()
  dma.wait()


def hbm_call(kernel, x):
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


def ring_shift(x):
  return hbm_call(ring_shift_kernel, x)


def stage(x):
  return hbm_call(staging_kernel, x)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('x',))
  x = jax.ShapeDtypeStruct((32, 128), jnp.float32)
  shifted = jax.jit(jax.shard_map(ring_shift, mesh=mesh, in_specs=P('x'), out_specs=P('x'),
                                  check_vma=False))
  shifted.trace(x).lower(lowering_platforms=('tpu',))
  jax.jit(stage).trace(x).lower(lowering_platforms=('tpu',))
