"""Ring all-gather from the Pallas TPU distributed guide, with a reduce-scatter backward."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

AXIS = "tp"
NUM_DEVICES = 4


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
  outer_step = pl.program_id(0)
  my_id = lax.axis_index(AXIS)
  right_neighbor = lax.rem(my_id + 1, NUM_DEVICES)
  copy_slot = lax.rem(my_id - outer_step + NUM_DEVICES, NUM_DEVICES)

  @pl.when(outer_step == 0)
  def _():
    local_copy_op = pltpu.make_async_copy(
        src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
    local_copy_op.start()
    local_copy_op.wait()

  remote_copy_op = pltpu.make_async_remote_copy(
      src_ref=output_ref.at[copy_slot],
      dst_ref=output_ref.at[copy_slot],
      send_sem=send_sem,
      recv_sem=recv_sems.at[outer_step],
      device_id=(right_neighbor,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  remote_copy_op.start()
  remote_copy_op.wait()


def _pallas_all_gather(x):
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=0,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=([pltpu.SemaphoreType.DMA] * 2
                      + [pltpu.SemaphoreType.DMA((NUM_DEVICES - 1,))]),
      grid=(NUM_DEVICES - 1,),
  )
  return pl.pallas_call(
      all_gather_kernel,
      out_shape=jax.ShapeDtypeStruct((NUM_DEVICES,) + x.shape, x.dtype),
      grid_spec=grid_spec,
  )(x)


@jax.custom_vjp
def all_gather(x):
  return _pallas_all_gather(x)


def _all_gather_fwd(x):
  return _pallas_all_gather(x), None


def _all_gather_bwd(_, g):
  return (lax.psum_scatter(g, AXIS, scatter_dimension=0, tiled=False),)


all_gather.defvjp(_all_gather_fwd, _all_gather_bwd)
