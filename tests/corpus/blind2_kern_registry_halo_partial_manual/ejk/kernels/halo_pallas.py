"""Halo exchange over a 1-D ring with two remote DMAs: each device's block lands in its right
neighbour's left halo and its left neighbour's right halo."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

from ..registry import Backend, Platform, kernel_registry


def _halo_kernel(x_ref, o_ref, send_sems, recv_sems, *, axis_name):
    n = lax.axis_size(axis_name)
    me = lax.axis_index(axis_name)
    right = lax.rem(me + 1, n)
    left = lax.rem(me + n - 1, n)
    to_right = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref.at[0], send_sem=send_sems.at[0], recv_sem=recv_sems.at[0],
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    to_left = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref.at[1], send_sem=send_sems.at[1], recv_sem=recv_sems.at[1],
        device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    to_right.start()
    to_left.start()
    to_right.wait()
    to_left.wait()


@kernel_registry.register("halo_exchange", Platform.PALLAS, Backend.TPU, priority=1)
def halo_exchange_pallas(x, *, axis_name):
    return pl.pallas_call(
        functools.partial(_halo_kernel, axis_name=axis_name),
        out_shape=jax.ShapeDtypeStruct((2, *x.shape), x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA((2,)), pltpu.SemaphoreType.DMA((2,))],
    )(x)
