import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

N_SHARDS = 4


def send_right_kernel(x_ref, o_ref, send_sem, recv_sem):
  me = lax.axis_index('shard')
  right = lax.rem(me + 1, N_SHARDS)
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=right,
                                     device_id_type=pltpu.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


def send_right(x):
  return pl.pallas_call(
      send_right_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


@jax.jit
def rotate_shards(xs):
  return jax.vmap(send_right, axis_name='shard')(xs)


if __name__ == '__main__':
  xs = jnp.zeros((N_SHARDS, 8, 128), jnp.float32)
  rotate_shards.trace(xs).lower(lowering_platforms=('tpu',))
