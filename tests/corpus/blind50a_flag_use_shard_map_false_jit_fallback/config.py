AXIS = "vocab"
# shard_map path disabled while bisecting a numerics issue
USE_SHARD_MAP = False
