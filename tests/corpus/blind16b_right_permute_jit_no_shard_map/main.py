import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

num_devices = jax.local_device_count()
mesh = Mesh(np.array(jax.devices()), ('x',))
partition = P(None, 'x')
sharding = NamedSharding(mesh, partition)


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  right_neighbor = lax.rem(my_id + 1, num_devices)
  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=input_ref,
      dst_ref=output_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(right_neighbor,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=0,
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=([pltpu.SemaphoreType.DMA] * 2),
)


def right_permute(x):
  out_shape = jax.ShapeDtypeStruct(x.shape, x.dtype)
  return pl.pallas_call(right_permute_kernel, out_shape=out_shape, grid_spec=grid_spec)(x)


if __name__ == '__main__':
  input_arr = jax.ShapeDtypeStruct((8, 128 * num_devices), jnp.float32, sharding=sharding)
  jax.jit(right_permute).trace(input_arr).lower(lowering_platforms=('tpu',))
