import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def _rotate_kernel(x_ref, o_ref, send_sem, recv_sem):
  idx = lax.axis_index("x")
  n = lax.axis_size("x")
  nxt = lax.rem(idx + 1, n)
  cp = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem,
                                    recv_sem=recv_sem, device_id=(nxt,),
                                    device_id_type=pltpu.DeviceIdType.MESH)
  cp.start()
  cp.wait()


def rotate(x):
  return pl.pallas_call(
      _rotate_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
      out_specs=pl.BlockSpec(memory_space=pl.ANY),
      scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
  )(x)


class RotatingDense(nn.Module):
  features: int

  @nn.compact
  def __call__(self, x):
    return nn.Dense(self.features)(rotate(x))


mesh = Mesh(np.array(jax.devices()), ("x",))
model = RotatingDense(128)
x = jax.device_put(jnp.ones((64, 128), jnp.float32), NamedSharding(mesh, P("x")))
params = jax.eval_shape(model.init, jax.random.key(0), jnp.ones((16, 128), jnp.float32))
jax.jit(model.apply).trace(params, x).lower(lowering_platforms=("tpu",))
