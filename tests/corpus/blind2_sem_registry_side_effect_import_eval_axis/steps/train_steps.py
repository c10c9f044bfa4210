import jax
import jax.numpy as jnp

from registry import register_step


@register_step("train", axis_name="data")
def train_step(w, x, *, axis_name):
    g = jax.grad(lambda w: jnp.mean((x @ w) ** 2))(w)
    return w - 0.1 * jax.lax.pmean(g, axis_name)
