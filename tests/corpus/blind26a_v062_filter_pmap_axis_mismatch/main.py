"""Old-style data parallelism: eqx.filter_pmap over devices, grads averaged with lax.pmean."""
import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

n_dev = jax.local_device_count()
model = eqx.nn.MLP(3, 1, 16, 2, key=jr.PRNGKey(0))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))


def compute_loss(model, x, y):
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)


@ft.partial(eqx.filter_pmap, axis_name="devices", in_axes=(None, None, 0, 0))
def make_step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(compute_loss)(model, x, y)
    grads = jax.lax.pmean(grads, axis_name="batch")
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return eqx.filter(model, eqx.is_array), opt_state, jax.lax.pmean(loss, "devices")


params, static = eqx.partition(model, eqx.is_array)
x = jnp.ones((n_dev, 8, 3))
y = jnp.ones((n_dev, 8, 1))
lowered = jax.jit(lambda p, o, x, y: make_step(eqx.combine(p, static), o, x, y)).trace(
    params, opt_state, x, y
).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:20])
