import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

from ensemble import evaluate_ensemble, make_ensemble

ENSEMBLE_SIZE = 4


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
