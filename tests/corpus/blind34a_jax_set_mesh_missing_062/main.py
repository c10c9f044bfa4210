from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("i",))


@jax.jit
@partial(jax.shard_map, in_specs=P("i"), out_specs=P())
def total(x):
    return jax.lax.psum(x.sum(keepdims=True), "i")


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.arange(16.0), NamedSharding(mesh, P("i")))
    print(total.trace(x).lower(lowering_platforms=("cuda",)).as_text()[:10])
