"""Deep ensemble built with eqx.filter_vmap; members agree on a shared ensemble-mean target."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

ENSEMBLE = 8


@eqx.filter_vmap
def make_ensemble(key):
    return eqx.nn.MLP(2, 1, 64, 2, key=key)


ensemble = make_ensemble(jr.split(jr.PRNGKey(0), ENSEMBLE))
optim = optax.adam(1e-3)
opt_state = optim.init(eqx.filter(ensemble, eqx.is_inexact_array))


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None, None))
def member_loss(model, x, y):
    pred = jax.vmap(model)(x)
    # distillation-ish regulariser: pull each member towards the ensemble mean prediction
    mean_pred = jax.lax.pmean(pred, axis_name="ensemble")
    return jnp.mean((pred - y) ** 2) + 0.1 * jnp.mean((pred - jax.lax.stop_gradient(mean_pred)) ** 2)


def total_loss(model, x, y):
    return jnp.sum(member_loss(model, x, y))


params, static = eqx.partition(ensemble, eqx.is_array)


@jax.jit
def step(params, opt_state, x, y):
    grads = eqx.filter_grad(total_loss)(eqx.combine(params, static), x, y)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, eqx.filter(updates, eqx.is_array)), opt_state


x = jnp.ones((32, 2))
y = jnp.ones((32, 1))
print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:30])
