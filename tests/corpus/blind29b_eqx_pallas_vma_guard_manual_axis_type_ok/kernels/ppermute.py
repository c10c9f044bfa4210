import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _out_struct(x):
    """Output type that varies over the same manual axes as x (needed under check_vma)."""
    t = jax.typeof(x)
    if jax.__version_info__ >= (0, 9, 0):
        return jax.ShapeDtypeStruct(x.shape, x.dtype, manual_axis_type=t.manual_axis_type)
    return jax.ShapeDtypeStruct(x.shape, x.dtype, vma=t.vma)


def _kernel(x_ref, o_ref, send_sem, recv_sem, *, axis_name):
    me = lax.axis_index(axis_name)
    right = lax.rem(me + 1, lax.axis_size(axis_name))
    cp = pltpu.make_async_remote_copy(src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem,
                                      recv_sem=recv_sem, device_id=(right,),
                                      device_id_type=pltpu.DeviceIdType.MESH)
    cp.start()
    cp.wait()


def ppermute_right(x, axis_name):
    return pl.pallas_call(
        functools.partial(_kernel, axis_name=axis_name),
        out_shape=_out_struct(x),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2),
    )(x)
