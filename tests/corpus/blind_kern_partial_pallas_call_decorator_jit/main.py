"""A remote-DMA kernel declared with the @functools.partial(pl.pallas_call, ...) decorator idiom,
called from a jitted function (no pmap, no shard_map)."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

N = jax.local_device_count()


@functools.partial(
    pl.pallas_call,
    out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32),
    in_specs=[pl.BlockSpec(memory_space=pl.ANY)],
    out_specs=pl.BlockSpec(memory_space=pl.ANY),
    scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
)
def right_permute(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("i") + 1, N)
    copy = pltpu.make_async_remote_copy(x_ref, o_ref, send_sem, recv_sem, device_id=(right,),
                                        device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


f = jax.jit(right_permute)
f.trace(jax.ShapeDtypeStruct((8, 128), jnp.float32)).lower(lowering_platforms=("tpu",))
