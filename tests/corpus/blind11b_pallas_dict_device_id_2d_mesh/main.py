import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

DATA, MODEL = 'data', 'model'


def right_permute_kernel(in_ref, out_ref, send_sem, recv_sem):
  me = jax.lax.axis_index(MODEL)
  n = jax.lax.axis_size(MODEL)
  right = jax.lax.rem(me + 1, n)
  copy = pltpu.make_async_remote_copy(
      src_ref=in_ref, dst_ref=out_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id={MODEL: right}, device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def right_permute(x):
  return pl.pallas_call(
      right_permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DATA, MODEL))
  f = jax.jit(jax.shard_map(right_permute, mesh=mesh, in_specs=P(DATA, MODEL),
                            out_specs=P(DATA, MODEL), check_vma=False))
  x = jnp.ones((16, 256), jnp.float32)
  f.trace(x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
