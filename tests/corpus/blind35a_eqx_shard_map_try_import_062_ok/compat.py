import jax

try:
    shard_map = jax.shard_map
    _NEW = True
except AttributeError:  # JAX < 0.6.1
    from jax.experimental.shard_map import shard_map
    _NEW = False


def smap(f, mesh, in_specs, out_specs):
    if _NEW:
        return shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs)
    return shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_rep=False)
