import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from reducers import make_reducer

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("replica", "data"))
reduce_grads = make_reducer("dp")


def train_step(params, batch):
    grads = jax.grad(lambda p: jnp.mean((batch @ p["w"]) ** 2))(params)
    return reduce_grads(grads)


step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(("replica", "data"))), out_specs=P()))
step.trace({"w": jax.ShapeDtypeStruct((64, 16), jnp.float32)},
           jax.ShapeDtypeStruct((32, 64), jnp.float32)).lower(lowering_platforms=("cuda",))
