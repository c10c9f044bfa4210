import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('x', 'y'), axis_types=(AxisType.Auto, AxisType.Auto))


def permute_y_kernel(x_ref, o_ref, send_sem, recv_sem):
  row = lax.axis_index('x')
  right = lax.rem(lax.axis_index('y') + 1, 2)
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                     device_id=(row, right),
                                     device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def permute_y(x):
  return pl.pallas_call(
      permute_y_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


@jax.jit
def run(x):
  return jax.shard_map(permute_y, in_specs=P(None, 'y'), out_specs=P(None, 'y'),
                       axis_names={'x', 'y'}, check_vma=False)(x)


if __name__ == '__main__':
  with jax.set_mesh(mesh):
    run.trace(jax.ShapeDtypeStruct((16, 256), jnp.float32)).lower(lowering_platforms=('tpu',))
