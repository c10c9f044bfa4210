from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P, AxisType

from parallel.layers import FeedForward, feed_forward_local

RULES = (("batch", "data"), ("embed", None), ("mlp", "model"))

mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto, AxisType.Auto))
module = FeedForward()
x = jnp.ones((8, 32))

boxed = module.init(jax.random.key(0), x)
param_specs = nn.logical_to_mesh(nn.get_partition_spec(boxed), RULES)["params"]
params = nn.unbox(boxed)["params"]
x_spec = nn.logical_to_mesh_axes(("batch", "embed"), RULES)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, x_spec), out_specs=x_spec)
def ffn(params, x):
    return feed_forward_local(params, x)


print(ffn.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:40])
