import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))


def global_sum_sq(x):
    return lax.psum(jnp.sum(x * x), "data")


x = jnp.arange(64.0).reshape(16, 4)
x_sharded = jax.device_put(x, NamedSharding(mesh, P("data")))

f = jax.jit(jax.shard_map(global_sum_sq, mesh=mesh, in_specs=P("data"), out_specs=P()))
f.trace(x).lower(lowering_platforms=("cuda",))
