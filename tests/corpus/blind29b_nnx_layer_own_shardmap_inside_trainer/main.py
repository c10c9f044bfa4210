import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import ShardedNorm

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
norm = ShardedNorm(32, mesh, rngs=nnx.Rngs(0))
graphdef, state = nnx.split(norm)


def per_replica(state, x):
    y = nnx.merge(graphdef, state)(x)
    return jax.lax.pmean(jnp.mean(y ** 2), "data")


step = jax.shard_map(per_replica, mesh=mesh, in_specs=(P(), P("data")), out_specs=P(),
                     axis_names={"data"})
x = jnp.ones((8, 32))
lowered = jax.jit(step).trace(state, x).lower(lowering_platforms=("cuda",))
print("lowered")
