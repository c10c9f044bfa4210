import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

N = len(jax.devices())
mesh = Mesh(np.array(jax.devices()), ('ring',))
BLOCK = (8, 128)


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((N,) + BLOCK, jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA((N - 1,)),
                    pltpu.SemaphoreType.DMA],
    compiler_params=pltpu.CompilerParams(collective_id=7),
)
def ring_all_gather(x_ref, o_ref, send_sem, recv_sems, copy_sem):
  me = lax.axis_index('ring')
  right = lax.rem(me + 1, N)
  local = pltpu.make_async_copy(x_ref, o_ref.at[me], copy_sem)
  local.start()
  local.wait()

  @pl.loop(0, N - 1)
  def _(step):
    slot = lax.rem(me - step + N, N)
    dma = pltpu.make_async_remote_copy(o_ref.at[slot], o_ref.at[slot], send_sem,
                                       recv_sems.at[step], device_id=(right,),
                                       device_id_type=pltpu.DeviceIdType.MESH)
    dma.start()
    dma.wait()


gather = jax.jit(jax.shard_map(ring_all_gather, mesh=mesh, in_specs=P('ring'),
                               out_specs=P('ring'), check_vma=False))

if __name__ == '__main__':
  x = jax.ShapeDtypeStruct((N * BLOCK[0], BLOCK[1]), jnp.float32)
  gather.trace(x).lower(lowering_platforms=('tpu',))
