import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def make_ring_kernel(axis_name, axis_size):
    """Kernel sending this device's block to its right neighbour along `axis_name`."""

    def kernel(x_ref, o_ref, send_sem, recv_sem):
        idx = lax.axis_index(axis_name)
        right = lax.rem(idx + 1, axis_size)
        dma = pltpu.make_async_remote_copy(
            src_ref=x_ref,
            dst_ref=o_ref,
            send_sem=send_sem,
            recv_sem=recv_sem,
            device_id=(right,),
            device_id_type=pltpu.DeviceIdType.MESH,
        )
        dma.start()
        dma.wait()

    return kernel


def ring_permute(x, axis_name, axis_size):
    return pl.pallas_call(
        make_ring_kernel(axis_name, axis_size),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)
