import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def ring_gather_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name):
  n = lax.axis_size(axis_name)
  me = lax.axis_index(axis_name)
  right = lax.rem(me + 1, n)
  blk = x_ref.shape[0]
  o_ref[pl.ds(pl.multiple_of(me * blk, blk), blk), :] = x_ref[...]

  @pl.loop(0, n - 1)
  def _(hop):
    slot = lax.rem(me - hop + n, n)
    chunk = o_ref.at[pl.ds(pl.multiple_of(slot * blk, blk), blk), :]
    dma = pltpu.make_async_remote_copy(chunk, chunk, send_sem, recv_sem, device_id=(right,),
                                       device_id_type=pltpu.DeviceIdType.MESH)
    dma.start()
    dma.wait()


def ring_gather(x, *, axis_name, n):
  return pl.pallas_call(
      functools.partial(ring_gather_kernel, axis_name=axis_name),
      out_shape=jax.ShapeDtypeStruct((n * x.shape[0], x.shape[1]), x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


class AllGatherDense(nn.Module):
  features: int
  mesh: Mesh
  axis: str = 'tp'

  @nn.compact
  def __call__(self, x):
    n = self.mesh.shape[self.axis]
    gather = jax.shard_map(
        functools.partial(ring_gather, axis_name=self.axis, n=n), mesh=self.mesh,
        in_specs=P(self.axis, None), out_specs=P(None, None), check_vma=False)
    return nn.Dense(self.features)(gather(x))


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('tp',))
  layer = AllGatherDense(128, mesh)
  x = jax.device_put(jnp.ones((32, 128), jnp.float32), NamedSharding(mesh, P('tp', None)))
  params = jax.eval_shape(layer.init, jax.random.key(0), x)
  jax.jit(layer.apply).trace(params, x).lower(lowering_platforms=('tpu',))
