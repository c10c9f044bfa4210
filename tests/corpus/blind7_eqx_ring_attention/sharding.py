import jax
from jax.sharding import PartitionSpec as P


def sequence_parallel(fn, mesh, *, batch_axis='dp', seq_axis='sp'):
  """Wraps fn(model, x) so that x: (B, T, D) is split over batch and sequence."""
  act = P(batch_axis, seq_axis, None)
  return jax.shard_map(fn, mesh=mesh, in_specs=(P(), act), out_specs=act)
