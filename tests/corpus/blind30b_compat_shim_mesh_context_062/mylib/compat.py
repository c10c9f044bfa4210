"""Version shims, as libraries that support several JAX releases keep them."""
import contextlib

import jax

try:  # JAX >= 0.7
    from jax import set_mesh as _set_mesh
except ImportError:  # older JAX
    _set_mesh = None

try:
    from jax import shard_map as _shard_map  # JAX >= 0.6.1
    _CHECK_KW = 'check_vma'
except ImportError:
    from jax.experimental.shard_map import shard_map as _shard_map
    _CHECK_KW = 'check_rep'


def mesh_context(mesh):
    if _set_mesh is not None:
        return _set_mesh(mesh)
    if hasattr(jax.sharding, 'use_mesh'):
        return jax.sharding.use_mesh(mesh)
    return contextlib.nullcontext()


def shard_map(f, mesh, in_specs, out_specs, check=True):
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **{_CHECK_KW: check})
