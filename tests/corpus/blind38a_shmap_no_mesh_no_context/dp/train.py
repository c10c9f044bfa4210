import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax


def make_step(optim, static):
    def step(params, opt_state, x, y):
        def loss_fn(p):
            model = eqx.combine(p, static)
            return jnp.mean((jax.vmap(model)(x) - y) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = lax.pmean(grads, "dp")
        updates, opt_state = optim.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, lax.pmean(loss, "dp")

    return step
