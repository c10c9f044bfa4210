import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def _shift(x_ref, o_ref, sems):
  tgt = jax.lax.rem(jax.lax.axis_index('sp') + 1, jax.lax.axis_size('sp'))
  cp = pltpu.make_async_remote_copy(x_ref, o_ref, sems.at[0], sems.at[1], device_id=(tgt,),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def shift(x):
  return pl.pallas_call(_shift, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                        out_specs=pl.BlockSpec(memory_space=pl.ANY),
                        scratch_shapes=[pltpu.SemaphoreType.DMA((2,))])(x)


class HeadShift(nnx.Module):
  def __init__(self, heads, dim, rngs):
    self.out = nnx.Linear(heads * dim, heads * dim, rngs=rngs)
    self.heads = heads

  def __call__(self, x):
    s, hd = x.shape
    per_head = x.reshape(s, self.heads, hd // self.heads).transpose(1, 0, 2)
    shifted = nnx.vmap(shift, in_axes=0, out_axes=0)(per_head)
    return self.out(shifted.transpose(1, 0, 2).reshape(s, hd))


mesh = Mesh(np.array(jax.devices()), ('sp',))
gdef, state = nnx.split(HeadShift(4, 128, nnx.Rngs(0)))
f = jax.jit(jax.shard_map(lambda st, x: nnx.merge(gdef, st)(x), mesh=mesh,
                          in_specs=(P(), P('sp')), out_specs=P('sp'), check_vma=False))
f.trace(state, jnp.ones((64, 512))).lower(lowering_platforms=('tpu',))
