from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P, AxisType

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
TP = mesh.shape['model']


def ring_shift_kernel(x_ref, o_ref, send_sem, recv_sem):
  me = lax.axis_index('model')
  right = lax.rem(me + 1, TP)
  cp = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                    device_id={'model': right},
                                    device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def ring_shift(x):
  return pl.pallas_call(
      ring_shift_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


@jax.jit
def layer(x, w):
  h = x @ w
  h = jax.shard_map(ring_shift, mesh=mesh, in_specs=P(None, 'model'),
                    out_specs=P(None, 'model'), axis_names={'model'}, check_vma=False)(h)
  return jax.nn.relu(h)


x = jax.device_put(jnp.ones((16, 256)), jax.NamedSharding(mesh, P('data', None)))
w = jax.device_put(jnp.ones((256, 512)), jax.NamedSharding(mesh, P(None, 'model')))
print(layer.trace(x, w).lower(lowering_platforms=('tpu',)).as_text()[:40])
