import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))


def bidir_kernel(x_ref, left_out, right_out, sems):
  n = lax.axis_size('model')
  me = lax.axis_index('model')
  left = lax.rem(me + n - 1, n)
  right = lax.rem(me + 1, n)
  barrier = pltpu.get_barrier_semaphore()
  pl.semaphore_signal(barrier, device_id={'model': left})
  pl.semaphore_signal(barrier, device_id={'model': right})
  pl.semaphore_wait(barrier, 2)
  a = pltpu.make_async_remote_copy(x_ref, left_out, sems.at[0], sems.at[1],
                                   device_id={'model': right})
  b = pltpu.make_async_remote_copy(x_ref, right_out, sems.at[2], sems.at[3],
                                   device_id={'model': left})
  a.start()
  b.start()
  a.wait()
  b.wait()


def bidir(x):
  out = jax.ShapeDtypeStruct(x.shape, x.dtype)
  return pl.pallas_call(
      bidir_kernel,
      out_shape=(out, out),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=(pl.BlockSpec(memory_space=pl.ANY),) * 2,
      scratch_shapes=[pltpu.SemaphoreType.DMA((4,))],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)


def block(x):
  l, r = jax.shard_map(bidir, mesh=mesh, in_specs=P(None, 'model'),
                       out_specs=(P(None, 'model'), P(None, 'model')),
                       axis_names={'model'}, check_vma=False)(x)
  return l + r


if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((32, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P('data', 'model')))
  jax.jit(block).trace(x).lower(lowering_platforms=('tpu',))
