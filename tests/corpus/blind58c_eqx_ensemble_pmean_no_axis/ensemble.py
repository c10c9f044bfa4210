import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

ENSEMBLE_AXIS = "ensemble"


def build_ensemble(key, n_members, in_size, out_size):
    keys = jax.random.split(key, n_members)
    make = lambda k: eqx.nn.MLP(in_size, out_size, width_size=128, depth=2, key=k)
    return eqx.filter_vmap(make)(keys)


def member_distill_loss(model, x, temperature):
    """Each member is pulled towards the ensemble-averaged prediction."""
    logits = jax.vmap(model)(x) / temperature
    probs = jax.nn.softmax(logits)
    teacher = lax.stop_gradient(lax.pmean(probs, axis_name=ENSEMBLE_AXIS))
    return -jnp.mean(jnp.sum(teacher * jax.nn.log_softmax(logits), axis=-1))
