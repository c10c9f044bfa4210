from functools import partial

import jax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P


@partial(shard_map, mesh=jax.make_mesh((2, 2), ("x", "y")), in_specs=P("x"), out_specs=P("x"), auto=frozenset({"y"}))
def kernel_call(v):
    return v
