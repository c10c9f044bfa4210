import numpy as np
import jax.numpy as jnp
from jax import jit, lax, devices, shard_map
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(devices()[:4]).reshape(2, 2), ("data", "model"))


def total_loss(w, x):
    loss = jnp.sum((x @ w) ** 2)
    return lax.psum(lax.pcast(loss, "model", to="varying"), axis_name=("data", "model"))


step = jit(shard_map(total_loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P()))
step.trace(jnp.ones((8, 4)), jnp.ones((16, 8)))
