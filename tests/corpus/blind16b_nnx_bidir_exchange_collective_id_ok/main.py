import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'seq'


def halo_kernel(x_ref, from_left_ref, from_right_ref, sems):
  n = lax.axis_size(AXIS)
  me = lax.axis_index(AXIS)
  left = lax.rem(me + n - 1, n)
  right = lax.rem(me + 1, n)
  barrier = pltpu.get_barrier_semaphore()
  for peer in (left, right):
    pl.semaphore_signal(barrier, 1, device_id=(peer,), device_id_type=pl.DeviceIdType.MESH)
  pl.semaphore_wait(barrier, 2)
  send_right = pltpu.make_async_remote_copy(x_ref, from_left_ref, sems.at[0], sems.at[1],
                                            device_id=(right,))
  send_left = pltpu.make_async_remote_copy(x_ref, from_right_ref, sems.at[2], sems.at[3],
                                           device_id=(left,))
  send_right.start()
  send_left.start()
  send_right.wait()
  send_left.wait()


def halo_exchange(x):
  spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
  any_spec = pl.BlockSpec(memory_space=pl.ANY)
  return pl.pallas_call(
      halo_kernel,
      out_shape=(spec, spec),
      in_specs=[any_spec],
      out_specs=(any_spec, any_spec),
      scratch_shapes=[pltpu.SemaphoreType.DMA((4,))],
      compiler_params=pltpu.CompilerParams(collective_id=0),
  )(x)


class HaloConv(nnx.Module):
  def __init__(self, d, mesh, rngs):
    self.mesh = mesh
    self.proj = nnx.Linear(3 * d, d, rngs=rngs)

  def __call__(self, x):
    exchange = jax.shard_map(halo_exchange, mesh=self.mesh, in_specs=P(AXIS),
                             out_specs=(P(AXIS), P(AXIS)), check_vma=False)
    from_left, from_right = exchange(x)
    return self.proj(jnp.concatenate([from_left, x, from_right], axis=-1))


@nnx.jit
def forward(model, x):
  return model(x)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  model = HaloConv(128, mesh, nnx.Rngs(0))
  x = jnp.ones((64, 128), jnp.float32)
  forward.trace(model, x).lower(lowering_platforms=('tpu',))
