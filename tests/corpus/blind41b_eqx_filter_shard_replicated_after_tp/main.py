"""Equinox training step that pins the model replicated, after a wide layer was split over devices."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("batch", "model"))
batch_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())


def loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


model = eqx.nn.MLP(64, 10, width_size=1024, depth=2, key=jr.key(0))
# the 1024x1024 hidden layer is the big one: split its rows over "model"
model = eqx.tree_at(lambda m: m.layers[1].weight, model,
                    jax.device_put(model.layers[1].weight, NamedSharding(mesh, P("model", None))))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adam(3e-4)
opt_state = optim.init(params)


@jax.jit
def train_step(params, opt_state, x, y):
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    x, y = eqx.filter_shard((x, y), batch_sharding)
    grads = eqx.filter_grad(lambda p: loss(eqx.combine(p, static), x, y))(params)
    updates, opt_state = optim.update(grads, opt_state)
    params = eqx.apply_updates(params, updates)
    return params, opt_state


with jax.set_mesh(mesh):
    x = jax.device_put(jnp.ones((32, 64)), batch_sharding)
    y = jax.device_put(jnp.ones((32, 10)), batch_sharding)
    lowered = train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
