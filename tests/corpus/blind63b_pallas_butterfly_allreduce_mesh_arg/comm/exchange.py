"""Pairwise exchange with a peer chosen at run time (scalar prefetch), with a barrier
handshake through pltpu.semaphore_signal as in the Pallas TPU distributed guide."""
import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _exchange_kernel(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  peer = peer_ref[0]
  barrier_sem = pltpu.get_barrier_semaphore()
  pltpu.semaphore_signal(barrier_sem, device_id=(peer,),
                         device_id_type=pltpu.DeviceIdType.MESH)
  pltpu.semaphore_wait(barrier_sem, 1)
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
      device_id=(peer,), device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


def exchange(x, peer):
  """Returns the peer's `x`; `peer` is an int32[1] holding the peer's index on the ring."""
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
  )
  return pl.pallas_call(
      _exchange_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=grid_spec,
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(peer, x)
