"""Equinox model trained under shard_map; the step still carries the filter_shard calls of the
autoparallel version."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("batch",), axis_types=(AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("batch"))

model = eqx.nn.MLP(4, 1, 16, 2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adabelief(1e-3)
opt_state = optim.init(params)


def train_step(params, opt_state, x, y):
    x, y = eqx.filter_shard((x, y), data_sharding)
    model = eqx.combine(params, static)

    @eqx.filter_value_and_grad
    def loss(model):
        return jnp.mean((jax.vmap(model)(x) - y) ** 2)

    l, grads = loss(model)
    grads = jax.lax.pmean(grads, "batch")
    updates, opt_state = optim.update(eqx.filter(grads, eqx.is_inexact_array), opt_state, params)
    return eqx.apply_updates(params, updates), opt_state, jax.lax.pmean(l, "batch")


step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P("batch"), P("batch")),
                             out_specs=(P(), P(), P())))
x = jax.device_put(jnp.ones((32, 4)), data_sharding)
y = jax.device_put(jnp.ones((32, 1)), data_sharding)
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
