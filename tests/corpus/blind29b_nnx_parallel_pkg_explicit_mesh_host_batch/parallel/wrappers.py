import functools

import jax


def sharded(fn, mesh, in_specs, out_specs, check_vma=True):
    """Project wrapper: returns the shard_mapped function, keeping fn's name."""
    mapped = jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                           check_vma=check_vma)
    return functools.wraps(fn)(mapped)
