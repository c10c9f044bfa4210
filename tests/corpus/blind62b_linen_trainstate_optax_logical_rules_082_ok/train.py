import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


def make_optimizer(learning_rate=1e-3):
  return optax.adamw(learning_rate, weight_decay=1e-4)


def create_train_state(model, tx, rng, x):
  variables = model.init(rng, x)
  return train_state.TrainState.create(apply_fn=model.apply,
                                       params=variables["params"], tx=tx)


def train_step(state, x, y):
  def loss_fn(params):
    pred = state.apply_fn({"params": params}, x)
    return jnp.mean((pred - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss
