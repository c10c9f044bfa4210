"""Explicit data parallelism: the model's arrays go through `jax.shard_map` replicated, the
batch is split over "dp", gradients are averaged with pmean before the optax update."""
from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

DP = "dp"
mesh = jax.make_mesh((4,), (DP,))

model = eqx.nn.MLP(in_size=8, out_size=1, width_size=32, depth=2, key=jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adamw(1e-3)
opt_state = optim.init(params)


def loss_fn(params, x, y):
    model = eqx.combine(params, static)
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@partial(
    jax.shard_map,
    mesh=mesh,
    in_specs=(P(), P(), P(DP), P(DP)),
    out_specs=(P(), P(), P()),
)
def train_step(params, opt_state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    grads = jax.lax.pmean(grads, DP)
    loss = jax.lax.pmean(loss, DP)
    updates, opt_state = optim.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, loss


x = jax.device_put(jnp.zeros((64, 8)), NamedSharding(mesh, P(DP)))
y = jax.device_put(jnp.zeros((64, 1)), NamedSharding(mesh, P(DP)))
step = jax.jit(train_step, donate_argnums=(0, 1))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:100])
