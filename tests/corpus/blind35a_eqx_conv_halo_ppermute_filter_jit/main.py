import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from ops.halo import exchange_halo

mesh = Mesh(np.array(jax.devices()), ("space",))
conv = eqx.nn.Conv1d(3, 3, kernel_size=3, padding=0, key=jax.random.PRNGKey(0))


@eqx.filter_jit
def step(conv, u):
    u = eqx.filter_shard(u, NamedSharding(mesh, P(None, "space")))
    padded = exchange_halo(u, "space", mesh.shape["space"])
    return conv(padded)


params, static = eqx.partition(conv, eqx.is_array)
u = jnp.ones((3, 64))
jax.jit(lambda p, u: step(eqx.combine(p, static), u)).trace(params, u).lower(lowering_platforms=("cuda",))
print("ok")
