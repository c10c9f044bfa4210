AXIS = "vocab"
USE_SHARD_MAP = True
