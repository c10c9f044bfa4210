"""Small helpers around shard_map shared by the training and eval scripts."""
import jax


def sharded_jit(fn, mesh, in_specs, out_specs):
  # ported from jax.experimental.shard_map.shard_map(fn, mesh, in_specs, out_specs, check_rep=False)
  return jax.jit(jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                               check_rep=False))
