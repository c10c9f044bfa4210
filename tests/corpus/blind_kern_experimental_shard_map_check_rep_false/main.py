"""Right permute wrapped in jax.experimental.shard_map with check_rep=False."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import Mesh, PartitionSpec as P

from jax.experimental.shard_map import shard_map

mesh = Mesh(np.array(jax.devices()), ("x",))


def right_permute_kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("x") + 1, lax.axis_size("x"))
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                        device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


def right_permute(x):
    return pl.pallas_call(
        right_permute_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
        out_specs=pl.BlockSpec(memory_space=pl.ANY),
        scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
    )(x)


f = jax.jit(shard_map(right_permute, mesh, in_specs=P("x"), out_specs=P("x"), check_rep=False))
f.trace(jax.ShapeDtypeStruct((32, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
