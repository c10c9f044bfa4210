"""Explicit data parallelism: jax.shard_map around a filtered loss, specs built by tree.map."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ("data",))

model = eqx.nn.MLP(32, 10, 128, 3, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adamw(1e-3, weight_decay=1e-4)
opt_state = optim.init(params)

param_specs = jax.tree.map(lambda _: P(), params)
opt_specs = jax.tree.map(lambda _: P(), opt_state)


def local_step(params, opt_state, x, y):
    def loss_fn(params):
        model = eqx.combine(params, static)
        logits = jax.vmap(model)(x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    loss, grads = jax.value_and_grad(loss_fn)(params)
    grads = jax.lax.pmean(grads, "data")
    loss = jax.lax.pmean(loss, "data")
    updates, opt_state = optim.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


train_step = jax.jit(
    jax.shard_map(
        local_step,
        mesh=mesh,
        in_specs=(param_specs, opt_specs, P("data"), P("data")),
        out_specs=(param_specs, opt_specs, P()),
    )
)

x = jax.device_put(jnp.ones((64, 32)), NamedSharding(mesh, P("data")))
y = jax.device_put(jnp.zeros((64,), jnp.int32), NamedSharding(mesh, P("data")))
params, opt_state = jax.device_put((params, opt_state), NamedSharding(mesh, P()))
print(train_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)) is not None)
