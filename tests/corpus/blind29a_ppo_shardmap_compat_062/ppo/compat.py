"""shard_map across JAX versions."""
import jax

if hasattr(jax, "shard_map"):
    def shard_map(f, mesh, in_specs, out_specs, check=True):
        return jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                             check_vma=check)
else:  # older JAX
    from jax.experimental.shard_map import shard_map as _shard_map

    def shard_map(f, mesh, in_specs, out_specs, check=True):
        return _shard_map(f, mesh, in_specs, out_specs, check_rep=check)
