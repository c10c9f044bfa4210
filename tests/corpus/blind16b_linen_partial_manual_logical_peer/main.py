import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'tp'))


def shift_kernel(x_ref, o_ref, send_sem, recv_sem):
  n = lax.axis_size('tp')
  target = lax.rem(lax.axis_index('tp') + 1, n)
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                     device_id=target,
                                     device_id_type=pltpu.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


def shift(x):
  return pl.pallas_call(
      shift_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


class ShiftedDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features)(x)
    y = jax.shard_map(shift, mesh=mesh, in_specs=P(None, 'tp'), out_specs=P(None, 'tp'),
                      axis_names={'tp'}, check_vma=False)(y)
    return nn.gelu(y)


model = ShiftedDense(256)


@jax.jit
def apply(params, x):
  return model.apply(params, x)


if __name__ == '__main__':
  x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P('dp', None)))
  params = jax.eval_shape(model.init, jax.random.key(0), x)
  apply.trace(params, x).lower(lowering_platforms=('tpu',))
