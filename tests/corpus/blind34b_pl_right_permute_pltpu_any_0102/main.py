import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

P = jax.sharding.PartitionSpec
mesh = jax.make_mesh((4,), ('x',), axis_types=(jax.sharding.AxisType.Auto,))


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  copy = pltpu.make_async_remote_copy(
      src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(lax.rem(my_id + 1, 4),), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
    scratch_shapes=([pltpu.SemaphoreType.DMA] * 2),
)
kernel = pl.pallas_call(right_permute_kernel,
                        out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                        grid_spec=grid_spec)
f = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(None, 'x'), out_specs=P(None, 'x'),
                          check_vma=False))
print(f.trace(jnp.ones((8, 512))).lower(lowering_platforms=('tpu',)).as_text()[:40])
