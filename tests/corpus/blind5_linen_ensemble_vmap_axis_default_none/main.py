import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from ensemble import Ensemble

model = Ensemble(num_members=4)
x = jnp.ones((8, 20))
labels = jnp.zeros((8,), jnp.int32)

params = jax.eval_shape(lambda k: model.init(k, x), jax.random.key(0))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))


@jax.jit
def train_step(state, x, labels, dropout_key):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, x, train=True, rngs={'dropout': dropout_key})
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels[None]).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


train_step.trace(state, x, labels, jax.random.key(1)).lower(lowering_platforms=("cuda",))
