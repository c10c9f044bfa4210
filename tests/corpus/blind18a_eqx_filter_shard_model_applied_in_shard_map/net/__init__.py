from .model import ShardedMLP
