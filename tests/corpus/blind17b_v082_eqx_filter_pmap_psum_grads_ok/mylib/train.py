import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax

AXIS = 'devices'


def loss_fn(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def make_step(optim):
  def step(model, opt_state, x, y):
    loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
    grads = lax.pmean(grads, AXIS)
    loss = lax.pmean(loss, AXIS)
    updates, opt_state = optim.update(grads, opt_state, eqx.filter(model, eqx.is_array))
    return eqx.apply_updates(model, updates), opt_state, loss
  return eqx.filter_pmap(step, axis_name=AXIS)
