import functools

import jax
from jax import lax
from jax import numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map

P = jax.sharding.PartitionSpec
mesh = jax.sharding.Mesh(jax.devices()[:4], ('x',))


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, 4)
  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=input_ref, dst_ref=output_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(right_neighbor,), device_id_type=pltpu.DeviceIdType.MESH)
  remote_copy_op.start()
  remote_copy_op.wait()


grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.ANY)],
    out_specs=pl.BlockSpec(memory_space=pltpu.TPUMemorySpace.ANY),
    scratch_shapes=([pltpu.SemaphoreType.DMA] * 2),
)
right_permute = pl.pallas_call(right_permute_kernel,
                               out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
                               grid_spec=grid_spec)
f = jax.jit(shard_map(right_permute, mesh=mesh, in_specs=P(None, 'x'),
                      out_specs=P(None, 'x'), check_rep=False))
print(f.trace(jnp.ones((8, 512), jnp.float32)).lower(lowering_platforms=('tpu',)).as_text()[:40])
