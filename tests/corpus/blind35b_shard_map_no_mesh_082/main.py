from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("i",), axis_types=(AxisType.Explicit,))


@jax.jit
@partial(jax.shard_map, in_specs=P("i"), out_specs=P())
def global_sum(x_block):
    return jax.lax.psum(jnp.sum(x_block, keepdims=True), "i")


x = jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P("i")))
print(global_sum.trace(x).lower(lowering_platforms=("cuda",)).as_text()[:30])
