import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def ring_kernel(x_ref, o_ref, send_sem, recv_sem):
  n = lax.axis_size("devices")
  dst = lax.rem(lax.axis_index("devices") + 1, n)
  copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(dst,),
                                      device_id_type=pltpu.DeviceIdType.MESH)
  copy.start()
  copy.wait()


class RingLayer(eqx.Module):
  lin: eqx.nn.Linear

  def __call__(self, x):
    h = jax.vmap(self.lin)(x)
    return pl.pallas_call(
        ring_kernel,
        out_shape=jax.ShapeDtypeStruct(h.shape, h.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(h)


layer = RingLayer(eqx.nn.Linear(128, 128, key=jax.random.key(0)))
pmapped = eqx.filter_pmap(lambda m, x: m(x), in_axes=(None, 0), axis_name="devices")
x = jnp.ones((4, 8, 128), jnp.float32)
jax.jit(lambda x: pmapped(layer, x)).trace(x).lower(lowering_platforms=("tpu",))
