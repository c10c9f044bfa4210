import equinox as eqx
import jax
import jax.numpy as jnp

ENSEMBLE_AXIS = "ensemble"


def make_ensemble(n, key, **mlp_kwargs):
    @eqx.filter_vmap
    def make(k):
        return eqx.nn.MLP(key=k, **mlp_kwargs)

    return make(jax.random.split(key, n))


def member_loss(member, x, y, diversity):
    pred = jax.vmap(member)(x)
    mean_pred = jax.lax.pmean(pred, ENSEMBLE_AXIS)
    fit = jnp.mean((pred - y) ** 2)
    spread = jnp.mean((pred - mean_pred) ** 2)
    return fit - diversity * spread


def ensemble_loss(ensemble, x, y, diversity=0.1):
    per_member = eqx.filter_vmap(
        member_loss, in_axes=(eqx.if_array(0), None, None, None), axis_name=ENSEMBLE_AXIS
    )
    return jnp.mean(per_member(ensemble, x, y, diversity))
