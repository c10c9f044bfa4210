import functools

import jax
from flax.training import train_state


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(
      apply_fn=model.apply, params=variables['params'], tx=optimizer)


def train_step(state, x):
  def loss_unrolled(params):
    y = state.apply_fn({'params': params}, x)
    return y.sum()
  grads = jax.grad(loss_unrolled)(state.params)
  return state.apply_gradients(grads=grads)
