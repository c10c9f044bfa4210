"""Barrier-synchronised right permute written with the pre-0.7 names (pltpu.TPUCompilerParams,
pltpu.semaphore_signal), run on JAX 0.8.2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

N = 4
mesh = Mesh(np.array(jax.devices()), ("x",))


def kernel(x_ref, o_ref, send_sem, recv_sem):
    my_id = lax.axis_index("x")
    right = lax.rem(my_id + 1, N)
    barrier = pltpu.get_barrier_semaphore()
    pltpu.semaphore_signal(barrier, device_id=(right,), device_id_type=pltpu.DeviceIdType.MESH)
    pltpu.semaphore_wait(barrier, 1)
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                        device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def permute(x):
    return pl.pallas_call(
        kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pltpu.ANY)],
        out_specs=pl.BlockSpec(memory_space=pltpu.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        compiler_params=pltpu.TPUCompilerParams(collective_id=0),
    )(x)


f = jax.jit(shard_map(permute, mesh, in_specs=P("x"), out_specs=P("x"), check_rep=False))
f.trace(jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
