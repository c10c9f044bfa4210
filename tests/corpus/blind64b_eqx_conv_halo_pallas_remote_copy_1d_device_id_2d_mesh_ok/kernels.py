import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _send_halo_right_kernel(x_ref, halo_ref, send_sem, recv_sem, *, halo, axis_name, axis_size):
  # Our last `halo` rows become the right neighbour's left halo.
  my_id = lax.axis_index(axis_name)
  right = lax.rem(my_id + 1, axis_size)
  rows = x_ref.shape[1]
  rdma = pltpu.make_async_remote_copy(
      src_ref=x_ref.at[:, pl.ds(rows - halo, halo)],
      dst_ref=halo_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id={axis_name: right},
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  rdma.start()
  rdma.wait()


def send_halo_right(x, *, halo, axis_name, axis_size):
  kernel = functools.partial(_send_halo_right_kernel, halo=halo, axis_name=axis_name,
                             axis_size=axis_size)
  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct((x.shape[0], halo, x.shape[2]), x.dtype),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
          out_specs=pl.BlockSpec(memory_space=pl.ANY),
          scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
      ),
  )(x)
