import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

N = 4


def push_kernel(peer_ref, x_ref, o_ref, send_sem, recv_sem):
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                     device_id=peer_ref[0],
                                     device_id_type=pl.DeviceIdType.LOGICAL)
  dma.start()
  dma.wait()


class Push(eqx.Module):
  peer: jax.Array

  def __call__(self, x):
    spec = pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=1,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )
    return pl.pallas_call(push_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          grid_spec=spec)(self.peer, x)


@eqx.filter_pmap(axis_name='dev')
def push_all(module, x):
  return module(x)


peers = jnp.array([[1], [2], [3], [0]], jnp.int32)
module = Push(peers)
xs = jnp.ones((N, 8, 128), jnp.float32)
jax.jit(lambda m, xs: push_all(m, xs)).trace(module, xs).lower(lowering_platforms=('tpu',))
