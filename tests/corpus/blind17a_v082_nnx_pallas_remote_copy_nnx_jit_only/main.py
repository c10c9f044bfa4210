import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def swap_kernel(x_ref, o_ref, s_sem, r_sem):
  partner = 1 - lax.axis_index("x")
  dma = pltpu.make_async_remote_copy(x_ref, o_ref, s_sem, r_sem, device_id=(partner,),
                                     device_id_type=pltpu.DeviceIdType.MESH)
  dma.start()
  dma.wait()


class PairSwap(nnx.Module):
  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    x = self.proj(x)
    return pl.pallas_call(
        swap_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


mesh = Mesh(np.array(jax.devices()[:2]), ("x",))
layer = PairSwap(128, nnx.Rngs(0))
x = jax.device_put(jnp.ones((16, 128), jnp.float32), NamedSharding(mesh, P("x")))
nnx.jit(lambda m, x: m(x)).trace(layer, x).lower(lowering_platforms=("tpu",))
