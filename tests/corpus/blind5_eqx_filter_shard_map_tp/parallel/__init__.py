from .shard import filter_shard_map
