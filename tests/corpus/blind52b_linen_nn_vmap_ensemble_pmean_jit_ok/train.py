import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


def create_state(model, key, x):
  params = model.init(key, x)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params,
                                       tx=optax.sgd(0.1))


def train_step(state, x, y):
  def loss_fn(params):
    preds = state.apply_fn({'params': params}, x)   # [size, batch, 1]
    return jnp.mean((preds.mean(0) - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss
