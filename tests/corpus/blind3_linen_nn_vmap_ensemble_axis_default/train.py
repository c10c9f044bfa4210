import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from ensemble import Ensemble


def create_state(rng, x):
  model = Ensemble()
  params = model.init(rng, x)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(3e-4))


@jax.jit
def train_step(state, x, y):
  def loss_fn(params):
    logits, target = state.apply_fn({'params': params}, x)
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, y[None]).mean()
    distill = jnp.mean((jax.nn.log_softmax(logits) - jax.nn.log_softmax(target)) ** 2)
    return ce + 0.1 * distill

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss

