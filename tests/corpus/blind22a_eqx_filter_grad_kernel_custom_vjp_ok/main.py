import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

N = 4
LEFT = [(i, (i - 1) % N) for i in range(N)]


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('x')
  dma = pltpu.make_async_remote_copy(src_ref=input_ref, dst_ref=output_ref,
                                     send_sem=send_sem, recv_sem=recv_sem,
                                     device_id=(lax.rem(my_id + 1, N),),
                                     device_id_type=pl.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def _right_permute(x):
  return pl.pallas_call(
      right_permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


@jax.custom_vjp
def right_permute(x):
  return _right_permute(x)


right_permute.defvjp(lambda x: (_right_permute(x), None),
                     lambda _, g: (lax.ppermute(g, 'x', LEFT),))


class ShiftLayer(eqx.Module):
  lin: eqx.nn.Linear

  def __call__(self, x):
    return jax.vmap(self.lin)(right_permute(x))


def loss(layer, x):
  return jnp.mean(layer(x) ** 2)


@eqx.filter_jit
def grads(layer, x):
  params, static = eqx.partition(layer, eqx.is_array)
  local = lambda p, x: eqx.filter_grad(loss)(eqx.combine(p, static), x)
  mesh = Mesh(np.array(jax.devices()), ('x',))
  return jax.shard_map(local, mesh=mesh, in_specs=(P(), P('x')), out_specs=P(),
                       check_vma=False)(params, x)


layer = ShiftLayer(eqx.nn.Linear(128, 128, key=jax.random.key(0)))
params, static = eqx.partition(layer, eqx.is_array)
x = jnp.ones((32, 128), jnp.float32)
jax.jit(lambda p, x: grads(eqx.combine(p, static), x)).trace(params, x).lower(
    lowering_platforms=('tpu',))
