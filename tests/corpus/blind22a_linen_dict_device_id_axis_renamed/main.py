import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def make_shift(axis_name):
  def kernel(in_ref, out_ref, send_sem, recv_sem):
    me = lax.axis_index(axis_name)
    right = lax.rem(me + 1, lax.axis_size(axis_name))
    dma = pltpu.make_async_remote_copy(in_ref, out_ref, send_sem, recv_sem,
                                       device_id={'x': right},
                                       device_id_type=pl.DeviceIdType.MESH)
    dma.start()
    dma.wait()

  def call(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)
  return call


class ShiftBlock(nn.Module):
  dim: int
  axis: str = 'seq'

  def setup(self):
    self.proj = nn.Dense(self.dim)
    self.shift = make_shift(self.axis)

  def __call__(self, x):
    h = self.proj(x)
    if self.is_initializing():
      return h
    return h + self.shift(h)


mesh = Mesh(np.array(jax.devices()), ('seq',))
block = ShiftBlock(dim=128)
x = jnp.ones((32, 128), jnp.float32)
variables = block.init(jax.random.key(0), x)
fwd = jax.jit(jax.shard_map(block.apply, mesh=mesh, in_specs=(P(), P('seq')),
                            out_specs=P('seq'), check_vma=False))
fwd.trace(variables, x).lower(lowering_platforms=('tpu',))
