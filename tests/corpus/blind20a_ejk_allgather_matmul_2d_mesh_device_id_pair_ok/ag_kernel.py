"""Bidirectional ring all-gather matmul, simplified from ejkernel 0.0.80.3
`ejkernel/kernels/_pallas/tpu/all_gather_matmul/_pallas_impl.py`: `_local_barrier` (double neighbour
barrier on the barrier semaphore) and the left/right remote copies of the two halves of `x` kept; the
grid pipeline and MXU overlap replaced by an unrolled ring of HBM->HBM hops, the matmul done after it.
Local change for 2-D meshes: every MESH device id is (index along `outer_axis`, ring neighbour)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def _local_barrier(left_neighbor, right_neighbor, device_id, double_barrier: bool = True):
    """Barrier with neighbors using TPU semaphores."""
    barrier_sem = pltpu.get_barrier_semaphore()
    for neighbor in (left_neighbor, right_neighbor):
        pltpu.semaphore_signal(
            barrier_sem,
            inc=1,
            device_id=device_id(neighbor),
            device_id_type=pltpu.DeviceIdType.MESH,
        )
    pltpu.semaphore_wait(barrier_sem, 2)
    if double_barrier:

        @functools.partial(pl.run_scoped, second_barrier=pltpu.SemaphoreType.REGULAR)
        def _(second_barrier):
            for neighbor in (left_neighbor, right_neighbor):
                pltpu.semaphore_signal(
                    second_barrier,
                    inc=1,
                    device_id=device_id(neighbor),
                    device_id_type=pltpu.DeviceIdType.MESH,
                )
            pltpu.semaphore_wait(second_barrier, 2)


def _all_gather_kernel(x_hbm_ref, o_hbm_ref, local_sem, send_sems, recv_sems, *, axis_name, outer_axis, tp_size):
    my_id = lax.axis_index(axis_name)
    outer_id = lax.axis_index(outer_axis)

    def device_id(neighbor):
        return (outer_id, neighbor)

    left_neighbor = lax.rem(my_id + tp_size - 1, jnp.int32(tp_size))
    right_neighbor = lax.rem(my_id + 1, jnp.int32(tp_size))
    m_per_device, _ = x_hbm_ref.shape
    half = m_per_device // 2

    _local_barrier(left_neighbor, right_neighbor, device_id)
    own = pltpu.make_async_copy(src_ref=x_hbm_ref, dst_ref=o_hbm_ref.at[0], sem=local_sem)
    own.start()
    own.wait()
    for step in range(tp_size - 1):
        left_copy = pltpu.make_async_remote_copy(
            src_ref=o_hbm_ref.at[step, 0:half],
            dst_ref=o_hbm_ref.at[step + 1, 0:half],
            send_sem=send_sems.at[0, step],
            recv_sem=recv_sems.at[0, step],
            device_id=device_id(left_neighbor),
            device_id_type=pltpu.DeviceIdType.MESH,
        )
        right_copy = pltpu.make_async_remote_copy(
            src_ref=o_hbm_ref.at[step, half:m_per_device],
            dst_ref=o_hbm_ref.at[step + 1, half:m_per_device],
            send_sem=send_sems.at[1, step],
            recv_sem=recv_sems.at[1, step],
            device_id=device_id(right_neighbor),
            device_id_type=pltpu.DeviceIdType.MESH,
        )
        left_copy.start()
        right_copy.start()
        left_copy.wait()
        right_copy.wait()


def all_gather_matmul(x, y, axis_name, outer_axis, tp_size, collective_id=0):
    """x: [m_per_device, k] (this device's rows), y: [k, n_per_device] -> [m_per_device * tp_size, n_per_device]."""
    m_per_device, k = x.shape
    gathered = pl.pallas_call(
        functools.partial(_all_gather_kernel, axis_name=axis_name, outer_axis=outer_axis, tp_size=tp_size),
        out_shape=jax.ShapeDtypeStruct((tp_size, m_per_device, k), x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.MemorySpace.HBM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.MemorySpace.HBM),
        scratch_shapes=(
            pltpu.SemaphoreType.DMA,
            pltpu.SemaphoreType.DMA((2, tp_size - 1)),
            pltpu.SemaphoreType.DMA((2, tp_size - 1)),
        ),
        compiler_params=pltpu.CompilerParams(collective_id=collective_id),
        name="all_gather_matmul_kernel",
    )(x)
    return jnp.dot(gathered.reshape(tp_size * m_per_device, k), y, preferred_element_type=jnp.float32).astype(x.dtype)
