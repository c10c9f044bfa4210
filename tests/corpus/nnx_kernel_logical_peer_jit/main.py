"""An NNX module whose __call__ pushes its block to logical device 1 with a Pallas TPU remote
copy; jitted with nnx.jit and lowered for TPU."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def push_kernel(x_ref, o_ref, send_sem, recv_sem):
  copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=1,
                                      device_id_type=pltpu.DeviceIdType.LOGICAL)
  copy.start()
  copy.wait()


class PushToPeer(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.scale = nnx.Param(jnp.ones((d,)))

  def __call__(self, x):
    return pl.pallas_call(
        push_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=(pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA),
    )(x * self.scale[...])


model = PushToPeer(128, rngs=nnx.Rngs(0))
nnx.jit(lambda m, x: m(x)).trace(model, jnp.ones((8, 128))).lower(lowering_platforms=("tpu",))
