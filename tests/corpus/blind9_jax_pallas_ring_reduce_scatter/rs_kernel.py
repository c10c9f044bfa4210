import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def ring_reduce_scatter(axis_name: str, num_devices: int, block_shape, dtype=jnp.float32):
  """Unidirectional ring reduce-scatter over `axis_name` (one block per device)."""

  def kernel(x_ref, o_ref, acc_ref, recv_ref, send_sem, recv_sem, copy_sem):
    my_id = lax.axis_index(axis_name)
    right = lax.rem(my_id + 1, num_devices)

    def load(block, dst):
      cp = pltpu.make_async_copy(x_ref.at[block], dst, copy_sem)
      cp.start()
      cp.wait()

    load(lax.rem(my_id - 1 + num_devices, num_devices), acc_ref)
    for step in range(num_devices - 1):
      rdma = pltpu.make_async_remote_copy(
          src_ref=acc_ref, dst_ref=recv_ref, send_sem=send_sem, recv_sem=recv_sem,
          device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
      rdma.start()
      rdma.wait()
      load(lax.rem(my_id - step - 2 + 2 * num_devices, num_devices), acc_ref)
      acc_ref[...] += recv_ref[...]
    o_ref[...] = acc_ref[...]

  return pl.pallas_call(
      kernel,
      out_shape=jax.ShapeDtypeStruct(block_shape, dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.VMEM(block_shape, dtype), pltpu.VMEM(block_shape, dtype),
                      pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA,
                      pltpu.SemaphoreType.DMA],
  )
