import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem, *, n):
  my_id = lax.axis_index('x')
  op = pltpu.make_async_remote_copy(src_ref=input_ref, dst_ref=output_ref,
                                    send_sem=send_sem, recv_sem=recv_sem,
                                    device_id=(lax.rem(my_id + 1, n),),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  op.start()
  op.wait()


def right_permute(x, n=4):
  return pl.pallas_call(
      functools.partial(right_permute_kernel, n=n),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.ANY)],
          out_specs=pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
  )(x)


class Shift(nnx.Module):

  def __init__(self, mesh):
    self.permute = shard_map(right_permute, mesh, in_specs=P('x'), out_specs=P('x'),
                             check_rep=False)

  def __call__(self, x):
    return x + self.permute(x)


mesh = Mesh(np.array(jax.devices()), ('x',))
model = Shift(mesh)
fwd = nnx.jit(lambda m, x: m(x))
fwd.trace(model, jnp.ones((32, 128), jnp.float32)).lower(lowering_platforms=('tpu',))
