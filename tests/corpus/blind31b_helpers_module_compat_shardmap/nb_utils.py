# helper cell, moved to its own file so several notebooks can import it
import functools

import jax

try:
    from jax.experimental.shard_map import shard_map as _shard_map
    _NO_CHECK = {"check_rep": False}
except ImportError:  # removed in newer jax
    from jax import shard_map as _shard_map
    _NO_CHECK = {"check_vma": False}


def sharded(mesh, in_specs, out_specs):
    """Decorator: shard_map with the replication check off, whatever the jax version."""
    def deco(f):
        return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **_NO_CHECK)
    return deco


def ring_allreduce(x, axis):
    n = jax.lax.axis_size(axis)
    perm = [(i, (i + 1) % n) for i in range(n)]
    acc = x
    buf = x
    for _ in range(n - 1):
        buf = jax.lax.ppermute(buf, axis, perm)
        acc = acc + buf
    return acc
