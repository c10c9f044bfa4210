import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


class RingShift:
  """Shifts every device's block one step to the right along a device ring."""

  def __init__(self, axis_name, num_devices):
    self.axis_name = axis_name
    self.num_devices = num_devices

  def kernel(self, x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index(self.axis_name)
    left = lax.rem(me - 1 + self.num_devices, self.num_devices)
    right = lax.rem(me + 1, self.num_devices)
    barrier = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier, device_id=(left,),
                           device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier, 1)
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()

  def __call__(self, x):
    return pl.pallas_call(
        self.kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=pltpu.CompilerParams(collective_id=0),
    )(x)


n = jax.local_device_count()
shift = jax.pmap(RingShift("devices", n), axis_name="devices")

if __name__ == "__main__":
  blocks = jax.ShapeDtypeStruct((n, 8, 128), jnp.float32)
  jax.jit(shift).trace(blocks).lower(lowering_platforms=("tpu",))
