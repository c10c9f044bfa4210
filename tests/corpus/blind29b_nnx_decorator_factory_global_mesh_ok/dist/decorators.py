import functools

import jax

from .mesh import get_mesh


def shard_mapped(in_specs, out_specs, check_vma=True):
    """Decorator factory; the mesh is looked up when the function is first called."""
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args):
            mapped = jax.shard_map(fn, mesh=get_mesh(), in_specs=in_specs,
                                   out_specs=out_specs, check_vma=check_vma)
            return mapped(*args)
        return wrapper
    return decorator
