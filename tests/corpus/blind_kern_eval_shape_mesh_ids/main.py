"""Shape check of the right-permute kernel (MESH ids from lax.axis_index) with jax.eval_shape
before it is wired into a shard_map: tracing the kernel already needs the axis."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def right_permute_kernel(x_ref, o_ref, send_sem, recv_sem):
    right = lax.rem(lax.axis_index("x") + 1, 4)
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


out = jax.eval_shape(right_permute, jax.ShapeDtypeStruct((8, 128), jnp.float32))
assert out.shape == (8, 128)
