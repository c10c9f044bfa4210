import functools

import jax
import jax.numpy as jnp
from flax import nnx
import jax.experimental.pallas as pl
import jax.experimental.pallas.tpu as pltpu
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
n = 4


def allreduce_kernel(x_ref, o_ref, scratch_ref, send_sem, recv_sem):
    me = jax.lax.axis_index("x")
    right = jax.lax.rem(me + 1, n)
    left = jax.lax.rem(me - 1 + n, n)
    barrier = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier, inc=1, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier, 1)

    o_ref[...] = x_ref[...]
    scratch_ref[...] = x_ref[...]

    def body(i, carry):
        cp = pltpu.make_async_remote_copy(
            scratch_ref, scratch_ref, send_sem, recv_sem, device_id=(right,),
            device_id_type=pltpu.DeviceIdType.MESH)
        cp.start()
        cp.wait()
        o_ref[...] += scratch_ref[...]
        return carry

    jax.lax.fori_loop(0, n - 1, body, 0)


def ring_allreduce(x):
    return pl.pallas_call(
        allreduce_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
        out_specs=pl.BlockSpec(memory_space=pltpu.VMEM),
        scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=pltpu.TPUCompilerParams(collective_id=0),
    )(x)


class RowParallel(nnx.Module):
    def __init__(self, din, dout, rngs):
        self.lin = nnx.Linear(din, dout, use_bias=False, rngs=rngs)

    def __call__(self, x):
        return ring_allreduce(self.lin(x))


layer = RowParallel(32, 128, nnx.Rngs(0))


@nnx.jit
def forward(layer, x):
    return nnx.shard_map(
        lambda l, x: l(x), mesh=mesh, in_specs=(P(), P(None, "x")), out_specs=P(), check_vma=False
    )(layer, x)


x = jnp.ones((8, 128))
print(forward.trace(layer, x).lower(lowering_platforms=("tpu",)).as_text()[:80])
