import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

num_devices = 4


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  copy = pltpu.make_async_remote_copy(
      src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right_neighbor,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
)


@jax.jit
def right_permute(x):
  return pl.pallas_call(right_permute_kernel,
                        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        grid_spec=grid_spec)(x)


x = jnp.ones((8, 128), jnp.float32)
print(right_permute.trace(x).lower(lowering_platforms=('tpu',)).as_text()[:40])
