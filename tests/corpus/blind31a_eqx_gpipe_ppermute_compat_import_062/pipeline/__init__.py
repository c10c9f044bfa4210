from .compat import shard_map
from .schedule import gpipe_forward
