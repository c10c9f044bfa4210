import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P


def push_left_kernel(x_ref, o_ref, sems, *, axis):
  me = lax.axis_index(axis)
  n = lax.axis_size(axis)
  left = lax.rem(me + n - 1, n)
  right = lax.rem(me + 1, n)
  bar = pltpu.get_barrier_semaphore()
  pl.semaphore_signal(bar, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
  pl.semaphore_wait(bar, 1)
  cp = pltpu.make_async_remote_copy(x_ref, o_ref, sems.at[0], sems.at[1], device_id=(left,),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


class PushBlock(nnx.Module):
  def __init__(self, rngs):
    self.lin = nnx.Linear(128, 128, rngs=rngs)

  def __call__(self, x):
    y = pl.pallas_call(
        functools.partial(push_left_kernel, axis='i'),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA((2,))],
        compiler_params=pltpu.CompilerParams(collective_id=0))(x)
    return self.lin(y)


mesh = jax.make_mesh((4,), ('i',), axis_types=(jax.sharding.AxisType.Auto,))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P('i')), out_specs=P('i'), check_vma=False)
def forward(block, x):
  return block(x)


block = PushBlock(nnx.Rngs(0))
forward.trace(block, jnp.ones((32, 128))).lower(lowering_platforms=('tpu',))
