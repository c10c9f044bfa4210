import jax
import optax
from jax import lax


def train_step(state, batch):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch['x'])
    return optax.sigmoid_binary_cross_entropy(logits[:, 0], batch['y']).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  return state.apply_gradients(grads=grads), lax.pmean(loss, axis_name='batch')


def build_step(debug: bool):
  if debug:
    # single-device path for stepping through with a debugger
    return jax.jit(train_step)
  return jax.pmap(train_step, axis_name='batch')
