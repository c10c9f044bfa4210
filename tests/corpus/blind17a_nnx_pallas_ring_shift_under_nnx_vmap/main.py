import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

N = 4


def right_shift_kernel(in_ref, out_ref, send_sem, recv_sem):
  right = lax.rem(lax.axis_index("x") + 1, N)
  op = pltpu.make_async_remote_copy(src_ref=in_ref, dst_ref=out_ref, send_sem=send_sem,
                                    recv_sem=recv_sem, device_id=(right,),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  op.start()
  op.wait()


def right_shift(x):
  return pl.pallas_call(
      right_shift_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


class ShiftedMLP(nnx.Module):
  def __init__(self, d, *, rngs):
    self.a = nnx.Linear(d, d, rngs=rngs)
    self.b = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return self.b(right_shift(self.a(x)))


@nnx.jit
def simulate(model, xs):
  per_device = nnx.vmap(lambda m, x: m(x), in_axes=(None, 0), axis_name="x", axis_size=N)
  return per_device(model, xs)


model = ShiftedMLP(128, rngs=nnx.Rngs(0))
simulate.trace(model, jnp.ones((N, 8, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
