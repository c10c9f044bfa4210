import jax
import jax.numpy as jnp
import equinox as eqx
from jax.lax import pmean


def cross_entropy(model, x, y):
    pred_y = jax.vmap(model)(x)
    nll = -jnp.mean(jnp.take_along_axis(pred_y, y[:, None], axis=1))
    acc = jnp.mean(jnp.argmax(pred_y, axis=1) == y)
    return nll, acc


def make_step(static, optim, axis_name):

    def step(params, opt_state, x, y):
        model = eqx.combine(params, static)
        (loss, acc), grads = eqx.filter_value_and_grad(cross_entropy, has_aux=True)(model, x, y)
        grads = pmean(eqx.filter(grads, eqx.is_array), axis_name)
        loss, acc = pmean((loss, acc), axis_name)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, opt_state, loss, acc

    return step
