import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

RING = 'ring'
N_DEV = 4


class GatheredProjection(eqx.Module):
  """y = all_gather(x) @ W, with the gather implemented as a Pallas ring of remote DMAs."""
  weight: jax.Array

  def __init__(self, d_in, d_out, *, key):
    self.weight = jax.random.normal(key, (d_in, d_out)) * d_in ** -0.5

  @staticmethod
  def _ring_gather_kernel(x_ref, out_ref, send_sem, recv_sem):
    me = jax.lax.axis_index(RING)
    right = jax.lax.rem(me + 1, N_DEV)
    blk = x_ref.shape[0]
    out_ref[pl.ds(me * blk, blk)] = x_ref[...]

    def hop(step, carry):
      src_slot = jax.lax.rem(me - step + N_DEV, N_DEV)
      chunk = out_ref.at[pl.ds(src_slot * blk, blk)]
      copy = pltpu.make_async_remote_copy(src_ref=chunk, dst_ref=chunk,
                                          send_sem=send_sem, recv_sem=recv_sem,
                                          device_id=(right,),
                                          device_id_type=pltpu.DeviceIdType.MESH)
      copy.start()
      copy.wait()
      return carry

    jax.lax.fori_loop(0, N_DEV - 1, hop, 0)

  def gather(self, x):
    return pl.pallas_call(
        self._ring_gather_kernel,
        out_shape=jax.ShapeDtypeStruct((x.shape[0] * N_DEV, x.shape[1]), x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)

  def __call__(self, x):
    return self.gather(x) @ self.weight


mesh = Mesh(np.array(jax.devices()[:N_DEV]), (RING,))


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(RING)), out_specs=P(RING),
                   check_vma=False)
def project(layer, x):
  return layer(x)


def main():
  layer = GatheredProjection(128, 128, key=jax.random.key(0))
  x = jnp.ones((32, 128), jnp.float32)
  project.trace(layer, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
