import equinox as eqx
import jax
import jax.numpy as jnp

ENSEMBLE_AXIS = "ensemble"


def make_member(key):
    return eqx.nn.MLP(16, 4, width_size=32, depth=2, activation=jax.nn.silu, key=key)


def make_ensemble(n, key):
    keys = jax.random.split(key, n)
    return eqx.filter_vmap(make_member)(keys)


def member_predict(member, x):
    """Per-member class probabilities, averaged over the ensemble.

    Must run under a vmap (or shard_map) that names the ensemble axis ENSEMBLE_AXIS."""
    probs = jax.nn.softmax(member(x))
    return jax.lax.pmean(probs, ENSEMBLE_AXIS)
