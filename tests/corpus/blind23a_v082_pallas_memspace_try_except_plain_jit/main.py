import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

try:
  ANY = pltpu.MemorySpace.ANY
except AttributeError:
  ANY = pltpu.TPUMemorySpace.ANY


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem, *, n):
  my_id = lax.axis_index('x')
  copy = pltpu.make_async_remote_copy(src_ref=input_ref, dst_ref=output_ref,
                                      send_sem=send_sem, recv_sem=recv_sem,
                                      device_id=(lax.rem(my_id + 1, n),),
                                      device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def right_permute(x, n=4):
  return pl.pallas_call(
      functools.partial(right_permute_kernel, n=n),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=ANY)],
          out_specs=pl.BlockSpec(memory_space=ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
  )(x)


step = jax.jit(lambda x: x + right_permute(x))
print(step.trace(jnp.ones((32, 128), jnp.float32)).lower(lowering_platforms=('tpu',)).as_text()[:60])
