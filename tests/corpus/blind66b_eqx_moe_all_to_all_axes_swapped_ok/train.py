import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from config import EXPERT_AXIS
from parallel import expert_parallel


def make_train_step(mesh, static, param_specs, optim):

  @expert_parallel(mesh, param_specs)
  def loss_and_grads(params, x, y):

    @eqx.filter_value_and_grad
    def loss_fn(params):
      model = eqx.combine(params, static)
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = loss_fn(params)
    return jax.lax.pmean(loss, EXPERT_AXIS), grads

  @jax.jit
  def train_step(params, opt_state, x, y):
    loss, grads = loss_and_grads(params, x, y)
    updates, opt_state = optim.update(grads, opt_state, params)
    return loss, optax.apply_updates(params, updates), opt_state

  return train_step
