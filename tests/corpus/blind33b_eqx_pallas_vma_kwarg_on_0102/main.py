import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P
import equinox as eqx

AXIS = "x"


def left_send_kernel(x_ref, o_ref, send_sem, recv_sem):
    n = lax.axis_size(AXIS)
    me = lax.axis_index(AXIS)
    left = lax.rem(me + n - 1, n)
    dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                       device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
    dma.start()
    dma.wait()


class LeftShift(eqx.Module):
    scale: jax.Array

    def __call__(self, x):
        out_shape = jax.ShapeDtypeStruct(x.shape, x.dtype, vma=frozenset({AXIS}))
        y = pl.pallas_call(
            left_send_kernel,
            out_shape=out_shape,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        )(x)
        return y * self.scale


mesh = Mesh(np.array(jax.devices()), (AXIS,))
layer = LeftShift(scale=jnp.float32(2.0))


@eqx.filter_jit
def run(layer, x):
    def body(layer, x):
        return layer(x)

    return jax.shard_map(body, mesh=mesh, in_specs=(P(), P(AXIS)), out_specs=P(AXIS))(layer, x)


x = jnp.ones((32, 128), jnp.float32)
exported = jax.export.export(jax.jit(run), platforms=["tpu"])(layer, x)
print(exported.out_avals)
