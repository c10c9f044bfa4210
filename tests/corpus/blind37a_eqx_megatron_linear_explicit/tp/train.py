import equinox as eqx
import jax
import jax.numpy as jnp


def loss(model, x, y):
    pred = jax.vmap(model)(x)
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def grad_step(model, x, y):
    return eqx.filter_value_and_grad(loss)(model, x, y)
