"""JAX 0.8.2 / Flax 0.12.6: NNX layer whose output is reduce-scattered by a Pallas ring kernel;
the shard_map keeps check_vma on, so the kernel's out_shape states how it varies."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

N = 4


def reduce_scatter_kernel(x_ref, o_ref, acc_ref, recv_ref, send_sem, recv_sem):
    me = lax.axis_index("x")
    right = lax.rem(me + 1, N)
    blk = o_ref.shape[0]
    barrier = pltpu.get_barrier_semaphore()
    pl.semaphore_signal(barrier, device_id=(right,), device_id_type=pl.DeviceIdType.MESH)
    pl.semaphore_wait(barrier, 1)
    start = lax.rem(me + N - 1, N)
    acc_ref[...] = x_ref[pl.ds(start * blk, blk), :]
    for step in range(1, N):
        dma = pltpu.make_async_remote_copy(acc_ref, recv_ref, send_sem, recv_sem,
                                           device_id=(right,),
                                           device_id_type=pl.DeviceIdType.MESH)
        dma.start()
        dma.wait()
        chunk = lax.rem(me + 2 * N - 1 - step, N)
        acc_ref[...] = recv_ref[...] + x_ref[pl.ds(chunk * blk, blk), :]
    o_ref[...] = acc_ref[...]


def pallas_reduce_scatter(x):
    blk = x.shape[0] // N
    out = jax.ShapeDtypeStruct((blk, x.shape[1]), x.dtype, vma=jax.typeof(x).vma)
    vmem = pltpu.MemorySpace.VMEM
    return pl.pallas_call(
        reduce_scatter_kernel,
        out_shape=out,
        in_specs=[pl.BlockSpec(memory_space=vmem)],
        out_specs=pl.BlockSpec(memory_space=vmem),
        scratch_shapes=[pltpu.VMEM((blk, x.shape[1]), x.dtype)] * 2 + [pltpu.SemaphoreType.DMA] * 2,
        compiler_params=pltpu.CompilerParams(collective_id=1),
    )(x)


class ScatterDense(nnx.Module):
    def __init__(self, rngs):
        self.dense = nnx.Linear(256, 128, rngs=rngs)

    def __call__(self, x):
        return pallas_reduce_scatter(self.dense(x))


mesh = Mesh(jax.devices(), ("x",))
model = ScatterDense(nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(None, "x")), out_specs=P("x"))
def forward(model, x):
    return model(x)


x = jnp.ones((32, N * 256))
lowered = forward.trace(model, x).lower(lowering_platforms=("tpu",))
print("lowered")
