import os

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

axes = tuple(os.environ.get("MESH_AXES", "dp,tp").split(","))
shape = tuple(int(s) for s in os.environ.get("MESH_SHAPE", "2,2").split(","))
mesh = Mesh(np.array(jax.devices()).reshape(shape), axes)
DP = axes[0]


def loss(w, x):
    l = jnp.mean((x @ w) ** 2)
    return lax.pmean(l, "data")


f = jax.jit(jax.shard_map(loss, mesh=mesh, in_specs=(P(), P(DP)), out_specs=P()))
f.trace(jnp.ones((16, 4)), jnp.ones((32, 16))).lower(lowering_platforms=("cuda",))
