import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("dp", "tp"))


def swap_kernel(x_ref, o_ref, s, r):
    c = pltpu.make_async_remote_copy(x_ref, o_ref, s, r, device_id=3, device_id_type=pltpu.DeviceIdType.LOGICAL)
    c.start()
    c.wait()


def swap(x):
    return pl.pallas_call(swap_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
                          in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
                          out_specs=pl.BlockSpec(memory_space=pl.ANY),
                          scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA])(x)


def run(x):
    return jax.shard_map(swap, mesh=mesh, in_specs=P("tp"), out_specs=P("tp"), axis_names={"tp"},
                         check_vma=False)(x)


ARGS = (jax.ShapeDtypeStruct((16, 128), jnp.float32),)
