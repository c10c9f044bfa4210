import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def ring_kernel(x_ref, o_ref, sems):
  nxt = lax.rem(lax.axis_index('dev') + 1, lax.axis_size('dev'))
  c = pltpu.make_async_remote_copy(x_ref, o_ref, sems.at[0], sems.at[1], device_id=(nxt,),
                                   device_id_type=pltpu.DeviceIdType.MESH)
  c.start()
  c.wait()


class RingShift(nn.Module):
  @nn.compact
  def __call__(self, x):
    return pl.pallas_call(ring_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                          out_specs=pl.BlockSpec(memory_space=pl.ANY),
                          scratch_shapes=[pltpu.SemaphoreType.DMA((2,))])(x)


class Net(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool = True):
    h = nn.Dense(128)(x)
    if train:
      h = h + RingShift()(h)
    return h


net = Net()
n = jax.local_device_count()
x = jnp.ones((n, 16, 128), jnp.float32)
params = net.init(jax.random.PRNGKey(0), x[0], train=False)
params = jax.tree.map(lambda p: jnp.broadcast_to(p, (n,) + p.shape), params)
step = jax.jit(jax.pmap(lambda p, x: net.apply(p, x), axis_name='dev'))
step.trace(params, x).lower(lowering_platforms=('tpu',))
