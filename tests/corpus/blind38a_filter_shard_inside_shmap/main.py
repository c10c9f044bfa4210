"""Per-device loss under shard_map, with an Equinox-style filter_shard on the batch left over
from the jit-only version of the step."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
batch_sharding = NamedSharding(mesh, P("batch"))

model = eqx.nn.MLP(6, 3, 24, 2, key=jr.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss(params, x, y):
    x, y = eqx.filter_shard((x, y), batch_sharding)
    pred = jax.vmap(eqx.combine(params, static))(x)
    return jax.lax.pmean(jnp.mean((pred - y) ** 2), "batch")


def grad_step(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    return l, jax.lax.pmean(g, "batch")


grad_step = jax.shard_map(grad_step, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=P())
x = jax.device_put(jnp.ones((16, 6)), batch_sharding)
y = jax.device_put(jnp.ones((16, 3)), batch_sharding)
lowered = jax.jit(grad_step).trace(params, x, y).lower(lowering_platforms=("cuda",))
print("ok")
