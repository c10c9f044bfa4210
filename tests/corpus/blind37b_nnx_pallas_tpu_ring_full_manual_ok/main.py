import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


def _shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, tp):
  me = lax.axis_index('model')
  cp = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                    device_id={'model': lax.rem(me + 1, tp)},
                                    device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def ring_shift(x):
  return pl.pallas_call(
      functools.partial(_shift_kernel, tp=mesh.shape['model']),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


class ShiftedMLP(nnx.Module):
  def __init__(self, din, dout, rngs):
    self.linear = nnx.Linear(din, dout, rngs=rngs)

  def __call__(self, x):
    h = self.linear(x)
    spec = P('data', 'model')
    h = jax.shard_map(ring_shift, mesh=mesh, in_specs=spec, out_specs=spec,
                      check_vma=False)(h)
    return nnx.relu(h)


@nnx.jit
def apply(model, x):
  return model(x)


model = ShiftedMLP(128, 256, nnx.Rngs(0))
x = jnp.ones((16, 128))
print(apply.trace(model, x).lower(lowering_platforms=('tpu',)).as_text()[:40])
