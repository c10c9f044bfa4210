import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def right_shift_kernel(x_ref, o_ref, ssem, rsem):
  me = jax.lax.axis_index('model')
  to = jax.lax.rem(me + 1, jax.lax.axis_size('model'))
  copy = pltpu.make_async_remote_copy(x_ref, o_ref, ssem, rsem, device_id=(to,),
                                      device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


class ShiftLayer(nnx.Module):
  def __init__(self, rngs):
    self.dense = nnx.Linear(128, 128, rngs=rngs)

  def __call__(self, x):
    y = pl.pallas_call(right_shift_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                       in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                       out_specs=pl.BlockSpec(memory_space=pl.ANY),
                       scratch_shapes=[pltpu.SemaphoreType.DMA] * 2)(self.dense(x))
    return y


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
gdef, state = nnx.split(ShiftLayer(nnx.Rngs(0)))
f = jax.shard_map(lambda s, x: nnx.merge(gdef, s)(x), mesh=mesh, in_specs=(P(), P('model')),
                  out_specs=P('model'), axis_names={'model'}, check_vma=False)
jax.jit(f).trace(state, jnp.ones((32, 128))).lower(lowering_platforms=('tpu',))
