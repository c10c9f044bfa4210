import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


def permute_kernel(x_ref, o_ref, send_sem, recv_sem):
  me = lax.axis_index('model')
  right = lax.rem(me + 1, lax.axis_size('model'))
  dma = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id={'model': right}, device_id_type=pltpu.DeviceIdType.MESH)
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


@functools.partial(jax.jit, in_shardings=NamedSharding(mesh, P('data', 'model')))
def tp_permute(x):
  return jax.shard_map(permute, mesh=mesh, in_specs=P(None, 'model'),
                       out_specs=P(None, 'model'), axis_names={'model'},
                       check_vma=False)(x)


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((32, 256), jnp.float32)
  tp_permute.trace(x).lower(lowering_platforms=('tpu',))
