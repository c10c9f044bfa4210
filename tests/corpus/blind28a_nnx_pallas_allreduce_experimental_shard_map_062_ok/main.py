"""JAX 0.6.2: an NNX tensor-parallel output projection whose partial sums are reduced by a
Pallas ring all-reduce (barrier handshake + remote DMAs), under the experimental shard_map."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

NUM_DEVICES = 4


def ring_allreduce_kernel(x_ref, o_ref, hop_ref, recv_ref, send_sem, recv_sem):
    me = lax.axis_index("x")
    left = lax.rem(me - 1 + NUM_DEVICES, NUM_DEVICES)
    right = lax.rem(me + 1, NUM_DEVICES)
    barrier = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier, device_id=(left,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_signal(barrier, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier, 2)
    o_ref[...] = x_ref[...]
    hop_ref[...] = x_ref[...]

    def body(i, c):
        dma = pltpu.make_async_remote_copy(hop_ref, recv_ref, send_sem, recv_sem,
                                           device_id=(right,),
                                           device_id_type=pltpu.DeviceIdType.MESH)
        dma.start()
        dma.wait()
        hop_ref[...] = recv_ref[...]
        o_ref[...] += recv_ref[...]
        return c

    lax.fori_loop(0, NUM_DEVICES - 1, body, 0)


def ring_allreduce(x):
    vmem = pltpu.TPUMemorySpace.VMEM
    return pl.pallas_call(
        ring_allreduce_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=vmem)],
        out_specs=pl.BlockSpec(memory_space=vmem),
        scratch_shapes=[pltpu.VMEM(x.shape, x.dtype), pltpu.VMEM(x.shape, x.dtype),
                        pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=pltpu.TPUCompilerParams(collective_id=7),
    )(x)


class OutProj(nnx.Module):
    def __init__(self, d_in, d_out, rngs):
        self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d_in, d_out)))

    def __call__(self, h_shard):
        return ring_allreduce(h_shard @ self.w.value)


mesh = Mesh(jax.devices(), ("x",))
proj = OutProj(512, 128, nnx.Rngs(0))
graphdef, state = nnx.split(proj)


@jax.jit
@functools.partial(shard_map, mesh=mesh, in_specs=(P("x", None), P(None, "x")),
                   out_specs=P(), check_rep=False)
def project(state, h):
    return nnx.merge(graphdef, state)(h)


h = jnp.ones((8, 512))
lowered = project.trace(state, h).lower(lowering_platforms=("tpu",))
print("lowered")
