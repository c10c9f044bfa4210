"""Pairwise activation exchange between TPU chips (Pallas remote DMA)."""
import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _exchange_kernel(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  # peer_ref lives in SMEM (scalar prefetch): the mesh index we send to.
  peer = peer_ref[0]
  copy = pltpu.make_async_remote_copy(
      src_ref=x_ref,
      dst_ref=o_ref,
      send_sem=send_sem,
      recv_sem=recv_sem,
      device_id=(peer,),
      device_id_type=pltpu.DeviceIdType.MESH,
  )
  copy.start()
  copy.wait()


def exchange_with_peer(x, peer):
  """Sends this chip's `x` to chip `peer[0]` and returns what the peer sent us."""
  grid_spec = pltpu.PrefetchScalarGridSpec(
      num_scalar_prefetch=1,
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )
  return pl.pallas_call(
      _exchange_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      grid_spec=grid_spec,
  )(peer, x)
