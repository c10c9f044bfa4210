from .compat import shard_map, SHARD_MAP_IS_NEW
