import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from ops.halo import exchange_halo

mesh = jax.make_mesh((4,), ("space",))
conv = eqx.nn.Conv1d(3, 3, kernel_size=3, padding=0, key=jax.random.PRNGKey(0))
params, static = eqx.partition(conv, eqx.is_array)


@eqx.filter_jit
def step(params, u):
    conv = eqx.combine(params, static)
    padded = exchange_halo(u, "space", mesh.shape["space"])
    return conv(padded)


sharded_step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(None, "space")), out_specs=P(None, "space"))

u = jnp.ones((3, 64))
jax.jit(sharded_step).trace(params, u).lower(lowering_platforms=("cuda",))
print("ok")
