import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P


def right_permute_kernel(input_ref, output_ref, send_sem, recv_sem):
  my_id = lax.axis_index('sp')
  dma = pltpu.make_async_remote_copy(src_ref=input_ref, dst_ref=output_ref,
                                     send_sem=send_sem, recv_sem=recv_sem,
                                     device_id=(lax.rem(my_id + 1, 4),),
                                     device_id_type=pl.DeviceIdType.MESH)
  dma.start()
  dma.wait()


def right_permute(x):
  return pl.pallas_call(
      right_permute_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


class TokenShift(nnx.Module):

  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = self.proj(x)
    return h + right_permute(h)


def loss_fn(model, x):
  return jnp.mean(model(x) ** 2)


def local_grads(model, x):
  return nnx.grad(loss_fn)(model, x)


mesh = Mesh(np.array(jax.devices()), ('sp',))
model = TokenShift(128, nnx.Rngs(0))


@nnx.jit
def grad_step(model, x):
  return nnx.shard_map(local_grads, mesh=mesh, in_specs=(P(), P('sp')), out_specs=P(),
                       check_vma=False)(model, x)


grad_step.trace(model, jnp.ones((32, 128))).lower(lowering_platforms=('tpu',))
