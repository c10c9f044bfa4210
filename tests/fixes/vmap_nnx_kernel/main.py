import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

SHARDS = 4


def shift_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = jax.lax.axis_index("model")
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(jax.lax.rem(me + 1, SHARDS),), device_id_type=pltpu.DeviceIdType.MESH)
    copy.start()
    copy.wait()


class Shard(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (32, 128)))

    def __call__(self, x):
        y = x @ self.w[...]
        return pl.pallas_call(
            shift_kernel,
            out_shape=jax.ShapeDtypeStruct(y.shape, y.dtype),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        )(y)


@nnx.split_rngs(splits=SHARDS)
@nnx.vmap(in_axes=0, out_axes=0)
def make_shards(rngs):
    return Shard(rngs)


@nnx.jit
def emulate(shards, xs):
    return nnx.vmap(lambda m, x: m(x), in_axes=(0, 0), axis_name="model")(shards, xs)


if __name__ == "__main__":
    shards = make_shards(nnx.Rngs(0))
    emulate.trace(shards, jnp.ones((SHARDS, 8, 32))).lower(lowering_platforms=("tpu",))
