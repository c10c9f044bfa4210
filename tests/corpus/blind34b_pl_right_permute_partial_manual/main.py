import functools

import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

P = jax.sharding.PartitionSpec
mesh = jax.make_mesh((2, 2), ('data', 'x'), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  copy = pltpu.make_async_remote_copy(
      src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id={'x': lax.rem(my_id + 1, 2)}, device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x'),
                   axis_names={'x'}, check_vma=False)
def right_permute(x):
  return pl.pallas_call(
      right_permute_kernel,
      out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


print(right_permute.trace(jnp.ones((8, 256))).lower(lowering_platforms=('tpu',)).as_text()[:40])
