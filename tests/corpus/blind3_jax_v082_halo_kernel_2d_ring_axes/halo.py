"""Halo exchange kernel: each device DMAs its edge rows into its neighbours' halo buffers."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

from topology import RING_AXES

HALO = 8


def _neighbours(axis_name, num_devices):
    """Mesh coordinates of the left and right neighbours along `axis_name`."""
    me = lax.axis_index(axis_name)
    left = tuple(lax.rem(me + num_devices - 1, num_devices) if a == axis_name else lax.axis_index(a)
                 for a in RING_AXES)
    right = tuple(lax.rem(me + 1, num_devices) if a == axis_name else lax.axis_index(a)
                  for a in RING_AXES)
    return left, right


def halo_kernel(x_ref, from_left_ref, from_right_ref, send_sems, recv_sems, *, axis_name, num_devices):
    left, right = _neighbours(axis_name, num_devices)
    rows = x_ref.shape[0]
    to_right = pltpu.make_async_remote_copy(
        src_ref=x_ref.at[pl.ds(rows - HALO, HALO)], dst_ref=from_left_ref,
        send_sem=send_sems.at[0], recv_sem=recv_sems.at[0],
        device_id=right, device_id_type=pltpu.DeviceIdType.MESH)
    to_left = pltpu.make_async_remote_copy(
        src_ref=x_ref.at[pl.ds(0, HALO)], dst_ref=from_right_ref,
        send_sem=send_sems.at[1], recv_sem=recv_sems.at[1],
        device_id=left, device_id_type=pltpu.DeviceIdType.MESH)
    to_right.start()
    to_left.start()
    to_right.wait()
    to_left.wait()


def exchange_halos(x, *, axis_name, num_devices):
    halo = jax.ShapeDtypeStruct((HALO,) + x.shape[1:], x.dtype)
    any_spec = pl.BlockSpec(memory_space=pl.ANY)
    return pl.pallas_call(
        functools.partial(halo_kernel, axis_name=axis_name, num_devices=num_devices),
        out_shape=(halo, halo),
        grid_spec=pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[any_spec],
            out_specs=(any_spec, any_spec),
            scratch_shapes=[pltpu.SemaphoreType.DMA((2,)), pltpu.SemaphoreType.DMA((2,))],
        ),
    )(x)
