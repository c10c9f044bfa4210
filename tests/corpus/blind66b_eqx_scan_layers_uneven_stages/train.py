import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from parallel import pipeline


def make_train_step(mesh, optim, layer_static):
  forward = pipeline(mesh)(layer_static)

  @eqx.filter_jit
  def train_step(layer_params, opt_state, x, y):

    @eqx.filter_value_and_grad
    def loss_fn(layer_params):
      return jnp.mean((forward(layer_params, x) - y) ** 2)

    loss, grads = loss_fn(layer_params)
    updates, opt_state = optim.update(grads, opt_state, layer_params)
    return loss, eqx.apply_updates(layer_params, updates), opt_state

  return train_step
