from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import layers

TP_AXIS = "tp"
allreduce = partial(layers.allreduce, axis_name=TP_AXIS)

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))


def mlp(x, w1, w2):
    h = jax.nn.relu(x @ w1)
    return layers.row_parallel(h, w2, reduce=allreduce)


f = jax.jit(
    jax.shard_map(mlp, mesh=mesh, in_specs=(P("data"), P(None, "model"), P("model", None)), out_specs=P("data"))
)
f.trace(jnp.ones((8, 16)), jnp.ones((16, 32)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
