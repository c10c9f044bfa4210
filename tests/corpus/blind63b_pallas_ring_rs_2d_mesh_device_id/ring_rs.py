"""Bidirectional-handshake ring reduce-scatter (after the Pallas TPU distributed guide)."""
import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_ring_reduce_scatter(axis_name, num_devices):
  def kernel(x_ref, o_ref, acc_ref, recv_ref, send_sem, recv_sem, capacity_sem):
    my_id = lax.axis_index(axis_name)
    right = lax.rem(my_id + 1, num_devices)
    left = lax.rem(my_id - 1 + num_devices, num_devices)

    # Barrier with both neighbours before any remote writes.
    barrier_sem = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier_sem, device_id=(left,),
                           device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier_sem, device_id=(right,),
                           device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier_sem, 2)

    acc_ref[...] = x_ref[left]

    def step(s, carry):
      copy = pltpu.make_async_remote_copy(
          src_ref=acc_ref, dst_ref=recv_ref,
          send_sem=send_sem, recv_sem=recv_sem,
          device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
      copy.start()
      copy.wait()
      blk = lax.rem(my_id - s - 2 + 2 * num_devices, num_devices)
      acc_ref[...] = recv_ref[...] + x_ref[blk]
      # Tell the left neighbour our receive buffer is free again.
      pltpu.semaphore_signal(capacity_sem, 1, device_id=(left,),
                             device_id_type=pltpu.DeviceIdType.MESH)
      pltpu.semaphore_wait(capacity_sem, 1)
      return carry

    lax.fori_loop(0, num_devices - 1, step, 0)
    o_ref[...] = acc_ref[...]

  def reduce_scatter(x):
    n, blk, d = x.shape
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct((blk, d), x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.VMEM((blk, d), x.dtype), pltpu.VMEM((blk, d), x.dtype),
                        pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA,
                        pltpu.SemaphoreType.REGULAR],
        compiler_params=pltpu.CompilerParams(collective_id=0),
    )(x)

  return reduce_scatter
