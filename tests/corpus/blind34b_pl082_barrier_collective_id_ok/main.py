import jax
from jax import lax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

N = 4
mesh = jax.make_mesh((N,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))


def exchange_kernel(x_ref, o_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  left = lax.rem(my_id + N - 1, N)
  right = lax.rem(my_id + 1, N)
  barrier_sem = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier_sem, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_signal(barrier_sem, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_wait(barrier_sem, 2)
  copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                      device_id=(right,),
                                      device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def exchange(x):
  return pl.pallas_call(
      exchange_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)


f = jax.jit(jax.shard_map(exchange, mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x'),
                          check_vma=False))
print(f.trace(jnp.ones((8, 512))).lower(lowering_platforms=('tpu',)).as_text()[:40])
