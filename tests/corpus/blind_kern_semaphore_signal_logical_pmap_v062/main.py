"""A neighbour handshake kernel signalling a peer's semaphore by LOGICAL id, run under pmap on
JAX 0.6.2."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def handshake_kernel(x_ref, o_ref, sem):
    peer = (pl.program_id(0) + 1) % 4
    pltpu.semaphore_signal(sem, 1, device_id=peer, device_id_type=pltpu.DeviceIdType.LOGICAL)
    pltpu.semaphore_wait(sem, 1)
    o_ref[...] = x_ref[...]


def handshake(x):
    return pl.pallas_call(
        handshake_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        scratch_shapes=[pltpu.SemaphoreType.REGULAR],
        grid=(1,),
    )(x)


jax.jit(jax.pmap(handshake, axis_name="d")).trace(
    jax.ShapeDtypeStruct((4, 8, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
