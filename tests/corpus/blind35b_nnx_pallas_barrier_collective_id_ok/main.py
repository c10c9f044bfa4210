import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P

N = 4
mesh = jax.make_mesh((N,), ("x",))


def exchange_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = lax.axis_index("x")
    right = lax.rem(me + 1, N)
    left = lax.rem(me - 1 + N, N)
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(left,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_signal(barrier, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 2)
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem,
                                        device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def exchange(x, **compiler):
    return pl.pallas_call(
        exchange_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA] * 2,
        **compiler,
    )(x)


class Exchange(nnx.Module):
    def __init__(self, d, rngs):
        self.w = nnx.Param(jnp.ones((d,)))

    def __call__(self, x):
        return exchange(x, compiler_params=pltpu.CompilerParams(collective_id=0)) * self.w[...]


@nnx.jit
def run(model, x):
    return nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P("x")),
                         out_specs=P("x"), check_vma=False)(model, x)


with jax.set_mesh(mesh):
    model = Exchange(128, nnx.Rngs(0))
    x = jax.device_put(jnp.ones((32, 128)), P("x"))
    run.trace(model, x).lower(lowering_platforms=("tpu",))
    print("ok")
