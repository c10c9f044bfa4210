"""Data-parallel grads under shard_map, returned as replicated with no explicit pmean:
the params enter replicated (P()), so their cotangent is summed over 'data' by the
transpose of the implicit pvary."""
import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Explicit,))
model = eqx.nn.MLP(5, 1, 16, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)


def compute_loss(params, x, y):
    model = eqx.combine(params, static)
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def per_device_grads(params, x, y):
    return eqx.filter_grad(compute_loss)(params, x, y)


per_device_grads = jax.shard_map(
    per_device_grads, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P()
)

with jax.set_mesh(mesh):
    params = jax.device_put(params, P())
    x = jax.device_put(jnp.ones((32, 5)), P("data"))
    y = jax.device_put(jnp.ones((32, 1)), P("data"))
    lowered = jax.jit(per_device_grads).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
