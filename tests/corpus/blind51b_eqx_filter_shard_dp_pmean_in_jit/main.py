import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

import parallel


def compute_loss(model, x, y):
    pred_y = jax.vmap(model)(x)
    return jnp.mean((y - pred_y) ** 2)


def train_step(params, opt_state, x, y, *, static, optim, data_sharding, replicated):
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    x, y = parallel.shard_batch((x, y), data_sharding)
    model = eqx.combine(params, static)
    grads = eqx.filter_grad(compute_loss)(model, x, y)
    grads = parallel.sync_grads(eqx.filter(grads, eqx.is_array), replicated)
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    params, opt_state = eqx.filter_shard((params, opt_state), replicated)
    return params, opt_state


mesh, data_sharding, replicated = parallel.make_shardings()
model = eqx.nn.MLP(in_size=1, out_size=1, width_size=64, depth=2, key=jax.random.PRNGKey(6789))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)

x = jnp.ones((32, 1))
y = jnp.ones((32, 1))

step = jax.jit(functools.partial(train_step, static=static, optim=optim,
                                 data_sharding=data_sharding, replicated=replicated))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
