try:
  from jax import shard_map as _shard_map  # jax >= 0.7

  def shard_map(f, *, mesh, in_specs, out_specs, check=False):
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=check)
except ImportError:
  from jax.experimental.shard_map import shard_map as _shard_map

  def shard_map(f, *, mesh, in_specs, out_specs, check=False):
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_rep=check)
