import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'ring'


def _permute_kernel(x_ref, o_ref, s_sem, r_sem):
  dst = lax.rem(lax.axis_index(AXIS) + 1, lax.axis_size(AXIS))
  rdma = pltpu.make_async_remote_copy(x_ref, o_ref, s_sem, r_sem, device_id=(dst,),
                                      device_id_type=pltpu.DeviceIdType.MESH)
  rdma.start()
  rdma.wait()


def right_permute(x):
  return pl.pallas_call(
      _permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype, vma=frozenset({AXIS})),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2)(x)


class Shifted(eqx.Module):
  w: jax.Array

  def __init__(self, key):
    self.w = jax.random.normal(key, (128, 128))

  def __call__(self, x):
    return right_permute(x) @ self.w


model = Shifted(jax.random.PRNGKey(0))
mesh = Mesh(np.array(jax.devices()), (AXIS,))
sharded = eqx.filter_jit(jax.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P(AXIS)),
                                       out_specs=P(AXIS)))
jax.jit(sharded).trace(model, jnp.zeros((64, 128), jnp.float32)).lower(
    lowering_platforms=('tpu',))
