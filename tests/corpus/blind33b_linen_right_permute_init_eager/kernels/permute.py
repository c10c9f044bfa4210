"""Right-permute over a 1D ring, as in the Pallas TPU distributed guide."""
import jax
import jax.numpy as jnp
from jax import lax
import jax.experimental.pallas as pl
import jax.experimental.pallas.tpu as pltpu


def _right_permute_kernel(axis_name, num_devices, input_ref, output_ref, send_sem, recv_sem):
    my_id = lax.axis_index(axis_name)
    right_neighbor = lax.rem(my_id + 1, num_devices)
    copy = pltpu.make_async_remote_copy(
        src_ref=input_ref,
        dst_ref=output_ref,
        send_sem=send_sem,
        recv_sem=recv_sem,
        device_id=(right_neighbor,),
        device_id_type=pl.DeviceIdType.MESH,
    )
    copy.start()
    copy.wait()


def right_permute(x, *, axis_name, num_devices):
    import functools

    kernel = functools.partial(_right_permute_kernel, axis_name, num_devices)
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)
