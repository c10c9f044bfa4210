import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from members import make_members

CONFIG = {
    "ensemble_size": 5,
    "ensemble_axis": "members",
    "batch": 16,
}

ensemble = make_members(jr.split(jr.PRNGKey(0), CONFIG["ensemble_size"]))


@eqx.filter_jit
def uncertainty(ensemble, xs):
    predict = eqx.filter_vmap(
        lambda m, x: m(x), in_axes=(eqx.if_array(0), None), axis_name=CONFIG["ensemble_axis"]
    )
    mean, var = jax.vmap(lambda x: predict(ensemble, x))(xs)
    return mean[:, 0], jnp.sqrt(var[:, 0])


uncertainty.lower(ensemble, jnp.zeros((CONFIG["batch"], 4)))
