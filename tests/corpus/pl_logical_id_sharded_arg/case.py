import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("x",))


def push_to_peer(x_ref, o_ref, send_sem, recv_sem):
    dma = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=1,
                                       device_id_type=pltpu.DeviceIdType.LOGICAL)
    dma.start()
    dma.wait()


def run(x):
    return pl.pallas_call(
        push_to_peer,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=(pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA),
    )(x)


ARGS = (jax.ShapeDtypeStruct((32, 128), jnp.float32, sharding=NamedSharding(mesh, P("x"))),)
