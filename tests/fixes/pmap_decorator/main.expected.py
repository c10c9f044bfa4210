from functools import partial, wraps

import jax
from jax.sharding import PartitionSpec as P


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


mesh = jax.sharding.Mesh(jax.devices(), ("i",))


@jax.jit
@jax.shard_map(mesh=mesh, in_specs=P("i"), out_specs=P("i"))
@_per_device
def total(v):
    return jax.lax.psum(v, "i")


if __name__ == "__main__":
    total(jax.numpy.ones((4, 8)))
