import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

from spmd import spmd

MESH = Mesh(np.array(jax.devices()), ('x',))


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = jax.lax.axis_index('x')
  right_neighbor = jax.lax.rem(my_id + 1, 4)
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


@jax.jit
@spmd(MESH, in_specs=P(None, 'x'), out_specs=P(None, 'x'))
def right_permute(x):
  return pl.pallas_call(
      right_permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


def main():
  x = jnp.ones((8, 128 * 4), jnp.float32)
  right_permute.trace(x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
