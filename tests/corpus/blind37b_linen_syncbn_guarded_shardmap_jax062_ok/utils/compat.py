import jax

if hasattr(jax, "shard_map"):
  def shard_map(f, mesh, in_specs, out_specs):
    return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                         check_vma=False)
else:
  from jax.experimental.shard_map import shard_map as _shard_map

  def shard_map(f, mesh, in_specs, out_specs):
    return _shard_map(f, mesh, in_specs, out_specs, check_rep=False)
