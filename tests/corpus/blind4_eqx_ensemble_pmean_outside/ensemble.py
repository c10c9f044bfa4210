import equinox as eqx
import jax
import jax.numpy as jnp

ENSEMBLE_AXIS = "ensemble"


def make_ensemble(n, key, **mlp_kwargs):
    @eqx.filter_vmap
    def make(k):
        return eqx.nn.MLP(key=k, **mlp_kwargs)

    return make(jax.random.split(key, n))


def member_predict(member, x):
    return jax.vmap(member)(x)


def average_members(preds, axis_name=ENSEMBLE_AXIS):
    return jax.lax.pmean(preds, axis_name)


def ensemble_loss(ensemble, x, y, diversity=0.1):
    predict = eqx.filter_vmap(member_predict, in_axes=(eqx.if_array(0), None), axis_name=ENSEMBLE_AXIS)
    preds = predict(ensemble, x)
    mean_pred = average_members(preds)
    fit = jnp.mean((preds - y) ** 2)
    spread = jnp.mean((preds - mean_pred) ** 2)
    return fit - diversity * spread
