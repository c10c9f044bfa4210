import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from ops.halo import exchange_halo

mesh = jax.make_mesh((4,), ("space",), axis_types=(AxisType.Explicit,))
conv = eqx.nn.Conv1d(3, 3, kernel_size=3, padding=0, key=jax.random.PRNGKey(0))
params, static = eqx.partition(conv, eqx.is_array)


@eqx.filter_jit
def step(params, u):
    conv = eqx.combine(params, static)
    padded = exchange_halo(u, "space", jax.lax.axis_size("space"))
    return conv(padded)


step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P(None, "space")), out_specs=P(None, "space"))

u = jax.device_put(jnp.ones((3, 64)), jax.NamedSharding(mesh, P(None, "space")))
jax.jit(step).trace(params, u).lower(lowering_platforms=("cuda",))
print("ok")
