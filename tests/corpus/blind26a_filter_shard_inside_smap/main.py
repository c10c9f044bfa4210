import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))


def compute_loss(model, x, y):
    # kept from the jit (autoparallel) version of this script
    x, y = eqx.filter_shard((x, y), data_sharding)
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


model = eqx.nn.MLP(4, 4, 32, 1, key=jr.PRNGKey(6789))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(3e-4)
opt_state = optim.init(params)


def make_step(params, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(compute_loss)(eqx.combine(params, static), x, y)
    grads = jax.lax.pmean(eqx.filter(grads, eqx.is_array), "batch")
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, "batch")


make_step = jax.jit(
    jax.shard_map(
        make_step,
        mesh=mesh,
        in_specs=(P(), P(), P("batch"), P("batch")),
        out_specs=(P(), P(), P()),
    )
)

x = jnp.ones((16, 4))
y = jnp.ones((16, 4))
print(make_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
