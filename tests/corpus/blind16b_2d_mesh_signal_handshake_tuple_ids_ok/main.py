import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('row', 'col'))


def make_ready_kernel(collective_id):
  def kernel(x_ref, o_ref, flag_sem):
    r = lax.axis_index('row')
    c = lax.axis_index('col')
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(1 - r, c), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 1)
    pl.semaphore_signal(flag_sem, 1, device_id=(r, 1 - c), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(flag_sem, 1, device_id=(1 - r, c), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(flag_sem, 2)
    o_ref[...] = x_ref[...] + 1.0

  def call(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.SemaphoreType.REGULAR],
        compiler_params=pltpu.CompilerParams(collective_id=collective_id),
    )(x)

  return call


ready = make_ready_kernel(collective_id=2)
f = jax.jit(jax.shard_map(ready, mesh=mesh, in_specs=P('row', 'col'),
                          out_specs=P('row', 'col'), check_vma=False))

if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((16, 256), jnp.float32)
  f.trace(x).lower(lowering_platforms=('tpu',))
