import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr

from ensemble import EnsembleConfig, make_ensemble, predict

cfg = EnsembleConfig()
ensemble = make_ensemble(cfg, jr.PRNGKey(0))


@eqx.filter_jit
def uncertainty(ensemble, xs):
    mean, var = jax.vmap(lambda x: predict(cfg)(ensemble, x))(xs)
    return mean[:, 0], jnp.sqrt(var[:, 0])


uncertainty.lower(ensemble, jnp.zeros((16, cfg.in_size)))
