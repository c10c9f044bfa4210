import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()[:N]), ('ici',))


def reduce_scatter_kernel(x_ref, o_ref, buf_ref, send_sem, recv_sem):
  step = pl.program_id(0)
  my_id = lax.axis_index('x')
  right = lax.rem(my_id + 1, N)
  left = lax.rem(my_id + N - 1, N)
  blk = o_ref.shape[0]

  @pl.when(step == 0)
  def _():
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(barrier, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 2)
    slot = lax.rem(my_id + N - 1, N)
    o_ref[...] = x_ref[pl.ds(slot * blk, blk), :]

  send = pltpu.make_async_remote_copy(o_ref, buf_ref, send_sem, recv_sem,
                                      device_id=(right,),
                                      device_id_type=pl.DeviceIdType.MESH)
  send.start()
  send.wait()
  slot = lax.rem(my_id + 2 * N - 2 - step, N)
  o_ref[...] = buf_ref[...] + x_ref[pl.ds(slot * blk, blk), :]


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    grid=(N - 1,),
    in_specs=[pl.BlockSpec((8 * N, 128), lambda i: (0, 0), memory_space=pltpu.VMEM)],
    out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0), memory_space=pltpu.VMEM),
    scratch_shapes=[pltpu.VMEM((8, 128), jnp.float32),
                    pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    compiler_params=pltpu.CompilerParams(collective_id=0,
                                         dimension_semantics=('arbitrary',)),
)
def reduce_scatter(x_ref, o_ref, buf_ref, send_sem, recv_sem):
  reduce_scatter_kernel(x_ref, o_ref, buf_ref, send_sem, recv_sem)


step = jax.jit(jax.shard_map(reduce_scatter, mesh=mesh, in_specs=P(None, 'ici'),
                             out_specs=P('ici', None), check_vma=False))

if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((8 * N, 128 * N), jnp.float32)
  step.trace(x).lower(lowering_platforms=('tpu',))
