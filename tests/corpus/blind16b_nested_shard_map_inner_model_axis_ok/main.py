import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)


def permute_kernel(x_ref, o_ref, send_sem, recv_sem):
  right = lax.rem(lax.axis_index('model') + 1, lax.axis_size('model'))
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                     device_id={'model': right},
                                     device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def permute(x):
  return pl.pallas_call(
      permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


def model_parallel(x):
  # the mesh comes from the enclosing shard_map's context
  return jax.shard_map(permute, in_specs=P(None, 'model'), out_specs=P(None, 'model'),
                       axis_names={'model'}, check_vma=False)(x)


def data_parallel(x):
  y = jax.shard_map(model_parallel, mesh=mesh, in_specs=P('data'), out_specs=P('data'),
                    axis_names={'data'}, check_vma=False)(x)
  return y * 0.5


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((32, 256), jnp.float32)
  jax.jit(data_parallel).trace(x).lower(lowering_platforms=('tpu',))
