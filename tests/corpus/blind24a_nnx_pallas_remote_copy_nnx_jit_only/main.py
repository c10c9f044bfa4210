import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from flax import nnx

N_DEV = 4


class RemoteShift(nnx.Module):
    def __init__(self, d, rngs):
        self.scale = nnx.Param(jnp.ones((d,)))

    @staticmethod
    def _kernel(in_ref, out_ref, send_sem, recv_sem):
        my_id = lax.axis_index("x")
        right = lax.rem(my_id + 1, N_DEV)
        dma = pltpu.make_async_remote_copy(
            src_ref=in_ref, dst_ref=out_ref, send_sem=send_sem, recv_sem=recv_sem,
            device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
        dma.start()
        dma.wait()

    def __call__(self, x):
        shifted = pl.pallas_call(
            self._kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            grid_spec=pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=0,
                in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                out_specs=pl.BlockSpec(memory_space=pl.ANY),
                scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA]),
        )(x)
        return shifted * self.scale[...]


mesh = Mesh(np.array(jax.devices()), ("x",))
layer = RemoteShift(128, nnx.Rngs(0))
x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P("x")))


@nnx.jit
def apply(layer, x):
    return layer(x)


print(apply.trace(layer, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
