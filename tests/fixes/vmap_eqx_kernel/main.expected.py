import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import PartitionSpec as P
from functools import partial, wraps


def _filter_shard_map(fn=None, *, in_specs=P(), **shard_map_kwargs):
    """`jax.shard_map` of `fn` over the array leaves of the arguments `in_specs` shards, and of its
    outputs. Equinox modules also hold leaves that are not arrays (activations, axis names,
    flags), which shard_map rejects; replicated arguments are closed over whole (a stateful
    layer's state keeps its type there)."""
    if fn is None:
        return partial(_filter_shard_map, in_specs=in_specs, **shard_map_kwargs)

    @wraps(fn)
    def sharded(*args, **kwargs):
        specs = in_specs if isinstance(in_specs, tuple) else (in_specs,) * len(args)
        split = [i for i, spec in enumerate(specs) if spec != P()]
        dynamic, static = eqx.partition([args[i] for i in split], eqx.is_array)
        out_static = []

        def inner(*dynamic):
            given = dict(zip(split, eqx.combine(list(dynamic), static)))
            out = fn(*(given.get(i, arg) for i, arg in enumerate(args)), **kwargs)
            out_dynamic, out_static_part = eqx.partition(out, eqx.is_array)
            out_static.append(out_static_part)
            return out_dynamic

        smap = jax.shard_map(inner, in_specs=tuple(specs[i] for i in split), **shard_map_kwargs)
        return eqx.combine(smap(*dynamic), out_static[0])

    return sharded


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


def shift_kernel(x_ref, o_ref, send_sem, recv_sem):
    me = jax.lax.axis_index("ring")
    copy = pltpu.make_async_remote_copy(
        src_ref=x_ref, dst_ref=o_ref, send_sem=send_sem, recv_sem=recv_sem,
        device_id=(jax.lax.rem(me + 1, 4),), device_id_type=pl.DeviceIdType.MESH)
    copy.start()
    copy.wait()


class Residual(eqx.Module):
    scale: jax.Array

    def __call__(self, x):
        shifted = pl.pallas_call(
            shift_kernel,
            out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
            scratch_shapes=[pltpu.SemaphoreType.DMA, pltpu.SemaphoreType.DMA],
        )(x)
        return x + self.scale * shifted


mesh = jax.sharding.Mesh(jax.devices()[:4], ("ring",))


@_filter_shard_map(mesh=mesh, in_specs=(P(), P("ring")), out_specs=P("ring"), check_vma=False)
@partial(_per_device, in_axes=(None, 0))
def per_device(model, x):
    return model(x)


if __name__ == "__main__":
    model = Residual(jnp.float32(0.5))
    jax.jit(lambda x: per_device(model, x)).trace(jnp.ones((4, 8, 128))).lower(lowering_platforms=("tpu",))
