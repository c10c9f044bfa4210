"""One shard_map for every JAX this project supports."""
try:
    from jax import shard_map as _shard_map
    SHARD_MAP_IS_NEW = True
except ImportError:  # JAX < 0.6
    from jax.experimental.shard_map import shard_map as _shard_map
    SHARD_MAP_IS_NEW = False


def shard_map(f, mesh, in_specs, out_specs, check=True):
    kw = {"check_vma": check} if SHARD_MAP_IS_NEW else {"check_rep": check}
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, **kw)
