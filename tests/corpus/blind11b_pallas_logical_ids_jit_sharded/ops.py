import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _send_to_peer(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  rc = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=peer_ref[0],
                                    device_id_type=pltpu.DeviceIdType.LOGICAL)
  rc.start()
  rc.wait()


def _copy_local(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  o_ref[...] = x_ref[...]


KERNELS = {'remote': _send_to_peer, 'local': _copy_local}


def exchange(x, peer, mode='remote'):
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
      out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )
  return pl.pallas_call(
      KERNELS[mode],
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=grid_spec,
  )(peer, x)
