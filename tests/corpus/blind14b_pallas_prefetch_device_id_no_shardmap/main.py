import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def send_to_kernel(dst_ref, x_ref, o_ref, send_sem, recv_sem):
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=dst_ref[0], device_id_type=pltpu.DeviceIdType.LOGICAL)
  copy.start()
  copy.wait()


def send_to(dst, x):
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )
  return pl.pallas_call(send_to_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                        grid_spec=grid_spec)(dst, x)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), ('d',))
  x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P('d')))
  dst = jnp.array([1], jnp.int32)
  jax.jit(send_to).trace(dst, x).lower(lowering_platforms=('tpu',))
