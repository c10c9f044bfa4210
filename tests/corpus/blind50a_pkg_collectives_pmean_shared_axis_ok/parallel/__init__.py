"""Small collection of collective helpers used inside shard_map bodies."""
from .collectives import DATA_AXIS, all_reduce_mean, all_reduce_sum

__all__ = ["DATA_AXIS", "all_reduce_mean", "all_reduce_sum"]
