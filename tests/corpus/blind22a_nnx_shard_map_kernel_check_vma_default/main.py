import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  right = lax.rem(my_id + 1, 4)
  copy = pltpu.make_async_remote_copy(src_ref=input_ref, dst_ref=output_ref,
                                      send_sem=send_sem, recv_sem=recv_sem,
                                      device_id=(right,),
                                      device_id_type=pl.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def right_permute(x):
  return pl.pallas_call(
      right_permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
  )(x)


class ShiftMix(nnx.Module):

  def __init__(self, d, mesh, rngs):
    self.mesh = mesh
    self.gate = nnx.Param(jnp.zeros((d,)))

  def __call__(self, x):
    shifted = nnx.shard_map(right_permute, mesh=self.mesh, in_specs=P('x'),
                            out_specs=P('x'))(x)
    g = jax.nn.sigmoid(self.gate[...])
    return g * x + (1 - g) * shifted


mesh = Mesh(np.array(jax.devices()), ('x',))
model = ShiftMix(128, mesh, nnx.Rngs(0))
fwd = nnx.jit(lambda m, x: m(x))
fwd.trace(model, jnp.ones((32, 128))).lower(lowering_platforms=('tpu',))
