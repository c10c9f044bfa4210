"""The tutorial's ring all-gather kernel, exported for TPU with jax.export (serving binary)."""
import jax
import jax.numpy as jnp
from jax import export, lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

NUM_DEVICES = 4
mesh = jax.make_mesh((NUM_DEVICES,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


def all_gather_kernel(input_ref, output_ref, local_copy_sem, send_sem, recv_sems):
    outer_step = pl.program_id(0)
    my_id = lax.axis_index("x")
    right_neighbor = lax.rem(my_id + 1, NUM_DEVICES)
    copy_slot = lax.rem(my_id - outer_step + NUM_DEVICES, NUM_DEVICES)

    @pl.when(outer_step == 0)
    def _():
        local = pltpu.make_async_copy(src_ref=input_ref, dst_ref=output_ref.at[my_id], sem=local_copy_sem)
        local.start()
        local.wait()

    remote = pltpu.make_async_remote_copy(
        src_ref=output_ref.at[copy_slot],
        dst_ref=output_ref.at[copy_slot],
        send_sem=send_sem,
        recv_sem=recv_sems.at[outer_step],
        device_id=(right_neighbor,),
        device_id_type=pl.DeviceIdType.MESH,
    )
    remote.start()
    remote.wait()


all_gather = pl.pallas_call(
    all_gather_kernel,
    out_shape=jax.ShapeDtypeStruct((NUM_DEVICES, 8, 128), jnp.float32),
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2 + [pltpu.SemaphoreType.DMA((NUM_DEVICES - 1,))],
        grid=(NUM_DEVICES - 1,),
    ),
)

fn = jax.jit(jax.shard_map(all_gather, mesh=mesh, in_specs=P("x", None), out_specs=P("x", None),
                           check_vma=False))
exp = export.export(fn, platforms=["tpu"])(jax.ShapeDtypeStruct((8 * NUM_DEVICES, 128), jnp.float32))
print(exp.out_avals)
