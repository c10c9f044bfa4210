from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model.mlp import LogicalMLP

RULES = (("batch", "data"), ("embed", None), ("mlp", None))
mesh = Mesh(np.array(jax.devices()), ("data",))
model = LogicalMLP()
params = model.init(jax.random.PRNGKey(0), jnp.ones((2, 16)))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
def loss_and_grad(params, x):
    def loss(p):
        return jnp.mean((model.apply(p, x) - x) ** 2)

    l, g = jax.value_and_grad(loss)(params)
    return jax.lax.pmean((l, g), "data")


with mesh, nn.logical_axis_rules(RULES):
    jax.jit(loss_and_grad).trace(params, jnp.ones((16, 16))).lower(lowering_platforms=("cuda",))
print("ok")
