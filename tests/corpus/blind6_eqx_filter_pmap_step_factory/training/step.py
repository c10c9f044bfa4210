import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from .sync import sync_grads


def _loss(model, x, y):
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def make_train_step(static, optim, axis_name):
  @eqx.filter_pmap(axis_name=axis_name)
  def train_step(params, opt_state, x, y):
    model = eqx.combine(params, static)
    loss, grads = eqx.filter_value_and_grad(_loss)(model, x, y)
    grads = sync_grads(grads, axis_name)
    updates, opt_state = optim.update(grads, opt_state, params)
    params = eqx.apply_updates(params, updates)
    return params, opt_state, jax.lax.pmean(loss, axis_name)

  return train_step
