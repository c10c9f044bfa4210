"""A halo-exchange Pallas kernel held by an eqx.Module conv layer, jitted over a sharded input."""
import functools

import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def halo_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis, n):
    me = lax.axis_index(axis)
    left = lax.rem(me + n - 1, n)
    dma = pltpu.make_async_remote_copy(
        src_ref=x_ref,
        dst_ref=o_ref,
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(left,),
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    dma.start()
    dma.wait()


class HaloConv(eqx.Module):
    conv: eqx.nn.Conv1d
    axis: str = eqx.field(static=True)
    n: int = eqx.field(static=True)

    def __init__(self, channels, axis, n, key):
        self.conv = eqx.nn.Conv1d(channels, channels, 3, padding=1, key=key)
        self.axis = axis
        self.n = n

    def exchange(self, x):
        return pl.pallas_call(
            functools.partial(halo_kernel, axis=self.axis, n=self.n),
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
            out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        )(x)

    def __call__(self, x):
        halo = self.exchange(x[:, -8:])
        return self.conv(jnp.concatenate([halo, x], axis=1))


mesh = jax.make_mesh((4,), ("seq",))
layer = HaloConv(8, "seq", 4, jax.random.key(0))
x = jax.device_put(jnp.ones((8, 512)), jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec(None, "seq")))


@eqx.filter_jit
def apply(layer, x):
    return layer(x)


print(jax.jit(apply).trace(layer, x).lower(lowering_platforms=("tpu",)) is not None)
