import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('ring',))


def shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, offset):
  n = lax.axis_size('ring')
  peer = lax.rem(lax.axis_index('ring') + offset + n, n)
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(peer,),
                                     device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def shift(x, offset):
  return pl.pallas_call(
      functools.partial(shift_kernel, offset=offset),
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


@jax.custom_vjp
def ring_shift(x):
  return shift(x, 1)


def _fwd(x):
  return shift(x, 1), None


def _bwd(_, g):
  return (shift(g, -1),)


ring_shift.defvjp(_fwd, _bwd)


class RingMixer(nnx.Module):
  def __init__(self, d, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return self.lin(x) + ring_shift(x)


@nnx.jit
def loss_and_grad(model, x):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('ring')), out_specs=P(), check_vma=False)
  def loss(model, x):
    return lax.psum(jnp.sum(model(x) ** 2), 'ring')

  return nnx.value_and_grad(loss)(model, x)


if __name__ == '__main__':
  model = RingMixer(128, nnx.Rngs(0))
  x = jnp.ones((32, 128), jnp.float32)
  loss_and_grad.trace(model, x).lower(lowering_platforms=('tpu',))
