import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax

from config import CFG


def global_mse(model, x, y):
    """Mean squared error over the whole (all-device) batch."""
    local = jnp.mean((jax.vmap(model)(x) - y) ** 2)
    return lax.pmean(local, CFG.data_axis)


loss_and_grad = eqx.filter_value_and_grad(global_mse)
