import jax

if jax.__version_info__ >= (0, 6, 0):
    from jax import shard_map
else:
    from jax.experimental.shard_map import shard_map

__all__ = ["shard_map"]
