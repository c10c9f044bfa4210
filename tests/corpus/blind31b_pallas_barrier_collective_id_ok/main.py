# Exported from notebook: pallas_allreduce_barrier.ipynb
# %%
import functools
import jax
from jax import lax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

P = jax.sharding.PartitionSpec
num_devices = jax.device_count()
mesh = jax.make_mesh((num_devices,), ("x",))

# %%
def exchange_with_neighbor_kernel(x_ref, o_ref, send_sem, recv_sem):
    my_id = lax.axis_index("x")
    right = lax.rem(my_id + 1, num_devices)
    left = lax.rem(my_id - 1 + num_devices, num_devices)

    # make sure the neighbours entered the kernel before writing into them
    barrier_sem = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier_sem, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier_sem, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier_sem, 2)

    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()

# %%
kernel = pl.pallas_call(
    exchange_with_neighbor_kernel,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
    ),
    compiler_params=pltpu.CompilerParams(collective_id=0),
)
kernel = jax.jit(jax.shard_map(kernel, mesh=mesh, in_specs=P(None, "x"), out_specs=P(None, "x"),
                               check_vma=False))

# %%
if False:
    # old version of the cell: plain jit of the kernel, kept for reference
    kernel_nosm = jax.jit(pl.pallas_call(exchange_with_neighbor_kernel,
                                         out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32)))

# %%
x = jnp.ones((8, 128 * num_devices), jnp.float32)
x = jax.device_put(x, jax.NamedSharding(mesh, P(None, "x")))
print(kernel.trace(x).lower(lowering_platforms=("tpu",)).as_text()[:60])
