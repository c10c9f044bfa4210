import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


def swap_replica_kernel(x_ref, o_ref, send_sem, recv_sem):
  other = 1 - lax.axis_index('data')
  dma = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id={'data': other}, device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


class SwapThenProject(eqx.Module):
  proj: eqx.nn.Linear

  def __init__(self, d, key):
    self.proj = eqx.nn.Linear(d, d, key=key)

  def swap(self, x):
    return pl.pallas_call(
        swap_replica_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)

  def __call__(self, x):
    return jax.vmap(self.proj)(self.swap(x))


@jax.jit
def run(module, x):
  body = jax.shard_map(lambda m, a: m(a), mesh=mesh, in_specs=(P(), P(('data', 'model'))),
                       out_specs=P(('data', 'model')), check_vma=False)
  return body(module, x)


if __name__ == '__main__':
  module = SwapThenProject(128, jax.random.key(0))
  x = jnp.ones((64, 128), jnp.float32)
  run.trace(module, x).lower(lowering_platforms=('tpu',))
