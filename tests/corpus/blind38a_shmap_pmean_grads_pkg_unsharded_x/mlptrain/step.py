import equinox as eqx
import jax
import jax.numpy as jnp
import optax

AXIS = "data"


def loss_fn(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


def make_train_step(optim):
    @eqx.filter_jit
    def train_step(params, static, opt_state, x, y):
        model = eqx.combine(params, static)
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
        grads = jax.lax.pmean(grads, axis_name=AXIS)
        loss = jax.lax.pmean(loss, axis_name=AXIS)
        updates, opt_state = optim.update(grads, opt_state, params)
        params = eqx.apply_updates(params, updates)
        return params, opt_state, loss

    return train_step
