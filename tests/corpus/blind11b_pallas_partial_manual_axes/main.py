import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def _kernel(x_ref, o_ref, ssem, rsem):
  me = jax.lax.axis_index('model')
  peer = jax.lax.rem(me + 1, 2)
  c = pltpu.make_async_remote_copy(x_ref, o_ref, ssem, rsem, device_id={'model': peer})
  c.start()
  c.wait()


def rotate(x):
  return pl.pallas_call(
      _kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(None, 'model'),
                   out_specs=P(None, 'model'), axis_names={'model'}, check_vma=False)
def rotate_model_shards(x):
  return rotate(x)


def main():
  x = jnp.ones((16, 512), jnp.float32)
  rotate_model_shards.trace(x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
