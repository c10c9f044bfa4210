from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

ENSEMBLE_SIZE = 4


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(2, 2, width_size=16, depth=2, key=key)


@partial(eqx.filter_vmap, in_axes=(eqx.if_array(0), None), axis_name="ensemble")
def evaluate_ensemble(model, x):
    pred = jax.vmap(model)(x)
    # how far each member is from the ensemble mean
    spread = pred - jax.lax.pmean(pred, axis_name="ensemble")
    return pred, jnp.mean(spread**2)


def loss_fn(ensemble, x, y, diversity=0.1):
    pred, spread = evaluate_ensemble(ensemble, x)
    mse = jnp.mean((pred - y[None]) ** 2)
    return mse - diversity * jnp.mean(spread)


optim = optax.sgd(1e-2)


@eqx.filter_jit
def step(ensemble, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(ensemble, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(ensemble, updates), opt_state, loss


keys = jr.split(jr.PRNGKey(0), ENSEMBLE_SIZE)
ensemble = make_ensemble(keys)
opt_state = optim.init(eqx.filter(ensemble, eqx.is_inexact_array))
x = jnp.zeros((32, 2))
y = jnp.zeros((32, 2))
print(step.lower(ensemble, opt_state, x, y).as_text()[:100])
