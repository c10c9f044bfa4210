import enum

import jax
from jax.sharding import NamedSharding, PartitionSpec as P, reshard


class ShardMode(enum.Enum):
  AUTO = "auto"
  EXPLICIT = "explicit"


def maybe_shard_with_name(inputs, named_sharding, shard_mode):
  """Auto mode hints the sharding; explicit mode enforces it."""
  if shard_mode == ShardMode.EXPLICIT:
    return reshard(inputs, named_sharding)
  return jax.lax.with_sharding_constraint(inputs, named_sharding)
