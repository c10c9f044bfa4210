import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


def loss(w, x):
    return lax.pmean(jnp.mean((x @ w) ** 2), "data")


w, x = jnp.zeros((16, 1)), jnp.ones((64, 16))
try:
    lowered = jax.jit(loss).trace(w, x).lower(lowering_platforms=("cuda",))
except NameError:
    mesh = Mesh(np.array(jax.devices()), ("data",))
    sharded = jax.shard_map(loss, mesh=mesh, in_specs=(P(), P("data")), out_specs=P())
    lowered = jax.jit(sharded).trace(w, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:60])
