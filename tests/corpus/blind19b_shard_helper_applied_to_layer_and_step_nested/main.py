import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("data",))


def shard(fn):
    return jax.shard_map(fn, mesh=mesh, in_specs=P("data"), out_specs=P("data"))


@shard
def global_norm(x):
    sq = lax.psum(jnp.sum(x * x), "data")
    return x / jnp.sqrt(sq + 1e-6)


@shard
def step(x):
    return jnp.tanh(global_norm(x))


jax.jit(step).trace(jnp.ones((32, 8))).lower(lowering_platforms=("cuda",))
