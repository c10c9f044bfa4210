"""Activation layouts of the sequence-parallel transformer."""
import jax
from jax.sharding import PartitionSpec as P

SEQ_SPLIT = P("data", "model", None)   # between blocks: [batch@data, seq@model, embed]
SEQ_FULL = P("data", None, None)       # inside attention: full sequence on every model shard


def constrain(x, spec):
  # Explicit mesh axes: with_sharding_constraint only asserts, reshard moves the data
  return jax.reshard(x, spec)
