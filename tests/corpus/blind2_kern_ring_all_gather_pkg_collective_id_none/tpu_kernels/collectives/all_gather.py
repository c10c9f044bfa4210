"""Ring all-gather over one mesh axis: at grid step s every device forwards the block it
received at step s-1 to its right neighbour."""
import functools

import jax
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

from . import util

P = jax.sharding.PartitionSpec


def _ring_all_gather_kernel(x_ref, o_ref, local_sem, send_sem, recv_sem, *, axis_name, num_devices):
    step = pl.program_id(0)
    my_id = lax.axis_index(axis_name)
    right = lax.rem(my_id + 1, num_devices)
    left = lax.rem(my_id + num_devices - 1, num_devices)

    @pl.when(step == 0)
    @jax.named_scope("_local_copy_and_barrier")
    def _start():
        local = pltpu.make_async_copy(x_ref, o_ref.at[my_id], local_sem)
        local.start()
        local.wait()
        util.local_barrier(left, right)

    slot = lax.rem(my_id + num_devices - step, num_devices)

    @jax.named_scope("_forward_block")
    def _forward():
        copy = pltpu.make_async_remote_copy(
            src_ref=o_ref.at[slot],
            dst_ref=o_ref.at[slot],
            send_sem=send_sem,
            recv_sem=recv_sem,
            device_id=(right,),
            device_id_type=pltpu.DeviceIdType.MESH,
        )
        copy.start()
        copy.wait()

    _forward()


def ring_all_gather(x, mesh, axis_name, collective_id=0):
    num_devices = mesh.shape[axis_name]

    @functools.partial(jax.jit, static_argnames=["num_devices"])
    def _all_gather_call(x, num_devices):
        return pl.pallas_call(
            functools.partial(_ring_all_gather_kernel, axis_name=axis_name, num_devices=num_devices),
            out_shape=jax.ShapeDtypeStruct((num_devices, *x.shape), x.dtype),
            grid_spec=pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=0,
                in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                out_specs=pl.BlockSpec(memory_space=pl.ANY),
                scratch_shapes=[pltpu.SemaphoreType.DMA] * 3,
                grid=(num_devices - 1,),
            ),
            compiler_params=pltpu.CompilerParams(collective_id=collective_id,
                                                 dimension_semantics=("arbitrary",)),
        )(x)

    shard_map_kernel = jax.jit(
        jax.shard_map(
            functools.partial(_all_gather_call, num_devices=num_devices),
            mesh=mesh,
            in_specs=P(axis_name, None),
            out_specs=P(None, axis_name, None),
            check_vma=False,
        )
    )
    return shard_map_kernel(x)
