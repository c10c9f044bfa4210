import jax.numpy as jnp
from jax import lax

ENSEMBLE_AXIS = "ensemble"


def member_spread(pred):
    """Squared distance of this member's prediction from the ensemble mean."""
    centre = lax.pmean(pred, axis_name=ENSEMBLE_AXIS)
    return jnp.mean((pred - centre) ** 2)
