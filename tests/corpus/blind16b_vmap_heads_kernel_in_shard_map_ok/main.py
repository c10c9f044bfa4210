import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('ring',))
HEADS = 2


def rotate_kv_kernel(kv_ref, out_ref, send_sem, recv_sem):
  n = lax.axis_size('ring')
  right = lax.rem(lax.axis_index('ring') + 1, n)
  dma = pltpu.make_async_remote_copy(kv_ref, out_ref, send_sem, recv_sem, device_id=(right,),
                                     device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def rotate_kv(kv):
  return pl.pallas_call(
      rotate_kv_kernel,
      out_shape=jax.ShapeDtypeStruct(kv.shape, kv.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(kv)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(None, 'ring'),
                   out_specs=P(None, 'ring'), check_vma=False)
def rotate_all_heads(kv):
  # kv: [heads, seq_shard, head_dim]
  return jax.vmap(rotate_kv)(kv)


if __name__ == '__main__':
  kv = jax.ShapeDtypeStruct((HEADS, 64, 128), jnp.bfloat16)
  rotate_all_heads.trace(kv).lower(lowering_platforms=('tpu',))
