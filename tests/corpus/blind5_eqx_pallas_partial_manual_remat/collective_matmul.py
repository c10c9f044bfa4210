import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _shift_kernel(x_ref, o_ref, send_sem, recv_sem, *, axis, size):
    me = lax.axis_index(axis)
    dst = lax.rem(me + 1, size)
    cp = pltpu.make_async_remote_copy(
        x_ref, o_ref, send_sem, recv_sem,
        device_id={axis: dst},
        device_id_type=pltpu.DeviceIdType.MESH,
    )
    cp.start()
    cp.wait()


def shift(x, axis, size):
    return pl.pallas_call(
        functools.partial(_shift_kernel, axis=axis, size=size),
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    )(x)


def all_gather_matmul(x, w, axis, size):
    """x: [m, k/size] local block; w: [k/size... rows of this shard]; accumulate x_i @ w_i."""
    acc = x @ w
    blk = x
    for _ in range(size - 1):
        blk = shift(blk, axis, size)
        acc = acc + blk @ w
    return acc
