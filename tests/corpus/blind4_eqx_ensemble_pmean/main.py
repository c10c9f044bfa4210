import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from ensemble import ensemble_loss, make_ensemble

ensemble = make_ensemble(5, jax.random.PRNGKey(0), in_size=3, out_size=1, width_size=16, depth=2)
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(ensemble, eqx.is_inexact_array))


@eqx.filter_jit
def step(ensemble, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(ensemble_loss)(ensemble, x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(ensemble, updates), opt_state, loss


def train(ensemble, opt_state, batches):
    for x, y in batches:
        lowered = step.lower(ensemble, opt_state, x, y)
    return lowered


batches = [(jnp.zeros((8, 3)), jnp.zeros((8, 1)))]
train(ensemble, opt_state, batches)
