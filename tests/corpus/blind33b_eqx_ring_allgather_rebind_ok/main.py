"""Ring all-gather Pallas kernel (Pallas TPU distributed guide) inside an Equinox module."""
import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P
import equinox as eqx

NUM_DEVICES = 4


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
    outer_step = pl.program_id(0)
    my_id = lax.axis_index("x")
    right_neighbor = lax.rem(my_id + 1, NUM_DEVICES)
    copy_slot = lax.rem(my_id - outer_step + NUM_DEVICES, NUM_DEVICES)

    @pl.when(outer_step == 0)
    def _():
        local_copy_op = pltpu.make_async_copy(
            src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem
        )
        local_copy_op.start()
        local_copy_op.wait()

    remote_copy_op = pltpu.make_async_remote_copy(
        src_ref=output_ref.at[copy_slot],
        dst_ref=output_ref.at[copy_slot],
        send_sem=send_sem,
        recv_sem=recv_sems.at[outer_step],
        device_id=(right_neighbor,),
        device_id_type=pl.DeviceIdType.MESH,
    )
    remote_copy_op.start()
    remote_copy_op.wait()


class RingAllGather(eqx.Module):
    block: tuple = eqx.field(static=True)

    def __call__(self, x):
        grid_spec = pltpu.PrefetchScalarGridSpec(
            num_scalar_prefetch=0,
            in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
            out_specs=pl.BlockSpec(memory_space=pl.ANY),
            scratch_shapes=[pltpu.SemaphoreType.DMA] * 2
            + [pltpu.SemaphoreType.DMA((NUM_DEVICES,))],
            grid=(NUM_DEVICES,),
        )
        return pl.pallas_call(
            all_gather_kernel,
            out_shape=jax.ShapeDtypeStruct((NUM_DEVICES,) + self.block, jnp.float32),
            grid_spec=grid_spec,
        )(x)


mesh = Mesh(np.array(jax.devices()[:NUM_DEVICES]), ("x",))
gather = RingAllGather(block=(8, 128))


def step(x):
    return gather(x)


step = jax.shard_map(step, mesh=mesh, in_specs=P("x"), out_specs=P(None), check_vma=False)
step = jax.jit(step)

x = jnp.arange(NUM_DEVICES * 8 * 128, dtype=jnp.float32).reshape(NUM_DEVICES * 8, 128)
lowered = step.trace(x).lower(lowering_platforms=("tpu",))
print(lowered.as_text()[:60])
