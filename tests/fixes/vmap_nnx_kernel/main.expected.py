import jax
import jax.numpy as jnp
from flax import nnx
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P
from functools import wraps


def _per_device(fn, in_axes=0, out_axes=0):
    """`fn` as pmap runs it, on each device's slice of the mapped axis: shard_map keeps that axis
    (of size 1), so it is dropped from the inputs mapped over it and put back on the outputs."""
    def drop(tree):
        return jax.tree.map(lambda x: x[0] if isinstance(x, jax.Array) else x, tree)

    def put_back(tree):
        return jax.tree.map(lambda x: x[None] if isinstance(x, jax.Array) else x, tree)

    @wraps(fn)
    def each(*args):
        ins = in_axes if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
        out = fn(*(arg if axis is None else drop(arg) for arg, axis in zip(args, ins)))
        if isinstance(out_axes, (tuple, list)):
            return type(out)(o if axis is None else put_back(o) for o, axis in zip(out, out_axes))
        return out if out_axes is None else put_back(out)

    return each


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
    mesh = jax.sharding.Mesh(jax.devices()[:4], ("model",))
    return nnx.shard_map(_per_device(lambda m, x: m(x), in_axes=(0, 0)), mesh=mesh, in_specs=(P("model"), P("model")), out_specs=P("model"), check_vma=False)(shards, xs)


if __name__ == "__main__":
    shards = make_shards(nnx.Rngs(0))
    emulate.trace(shards, jnp.ones((SHARDS, 8, 32))).lower(lowering_platforms=("tpu",))
