"""Right permute preceded by a neighbour barrier (get_barrier_semaphore, as in the tutorial's
all-reduce); the compiler params come from a project helper, called
with its default (no collective id)."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

N = 4
mesh = jax.make_mesh((N,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))


def tpu_params(collective=False):
    if collective:
        return pltpu.CompilerParams(collective_id=0)
    return pltpu.CompilerParams()


def kernel(x_ref, o_ref, send_sem, recv_sem):
    my_id = lax.axis_index("x")
    left = lax.rem(my_id - 1 + N, N)
    right = lax.rem(my_id + 1, N)
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(barrier, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 2)
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                        device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def permute(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=tpu_params(),
    )(x)


f = jax.jit(jax.shard_map(permute, mesh=mesh, in_specs=P("x"), out_specs=P("x"), check_vma=False))
f.trace(jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
