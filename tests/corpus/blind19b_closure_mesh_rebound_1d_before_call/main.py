import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def make_step():
    def body(x, w):
        return lax.psum(x @ w, "model")

    return jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P("data"), P()), out_specs=P("data")))


# data-parallel run
mesh = Mesh(np.array(jax.devices()), ("data",))

step = make_step()
step.trace(jnp.ones((8, 32)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
