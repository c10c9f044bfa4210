import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


def init_fn(key, x, model, optimizer):
  variables = model.init(key, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=optimizer)


def train_step(state, x):
  def loss_fn(params):
    y = state.apply_fn({'params': params}, x)
    return jnp.mean(y ** 2)
  grads = jax.grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads)
