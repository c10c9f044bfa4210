import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def right_shift_kernel(in_ref, out_ref, send_sem, recv_sem, *, axis):
  my_id = lax.axis_index(axis)
  right = lax.rem(my_id + 1, lax.axis_size(axis))
  op = pltpu.make_async_remote_copy(src_ref=in_ref, dst_ref=out_ref, send_sem=send_sem,
                                    recv_sem=recv_sem, device_id=(right,),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  op.start()
  op.wait()


def right_shift(x, axis):
  return pl.pallas_call(
      functools.partial(right_shift_kernel, axis=axis),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      ),
  )(x)


class ShiftedMLP(nnx.Module):
  def __init__(self, mesh, d, *, rngs):
    self.mesh = mesh
    self.a = nnx.Linear(d, d, rngs=rngs)
    self.b = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = self.a(x)
    h = jax.shard_map(functools.partial(right_shift, axis="x"), mesh=self.mesh,
                      in_specs=P("x"), out_specs=P("x"), check_vma=False)(h)
    return self.b(h)


mesh = Mesh(np.array(jax.devices()), ("x",))
model = ShiftedMLP(mesh, 128, rngs=nnx.Rngs(0))


@nnx.jit
def fwd(model, x):
  return model(x)


fwd.trace(model, jnp.ones((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
