"""A neighbour handshake kernel signalling a peer's semaphore by LOGICAL id, run under
jax.experimental.shard_map on JAX 0.6.2."""
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np


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


mesh = Mesh(np.array(jax.devices()), ("d",))
jax.jit(shard_map(handshake, mesh, in_specs=P("d"), out_specs=P("d"), check_rep=False)).trace(
    jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
