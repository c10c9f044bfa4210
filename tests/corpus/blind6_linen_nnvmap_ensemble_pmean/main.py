import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from ensemble import Ensemble

model = Ensemble()
x = jnp.ones((8, 5))
labels = jnp.zeros((8,), jnp.int32)
variables = model.init(jax.random.key(0), x)
state = train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                      tx=optax.adam(1e-3))


@jax.jit
def train_step(state, x, labels):
  def loss_fn(params):
    logits, mean_logits = state.apply_fn({'params': params}, x)
    ce = optax.softmax_cross_entropy_with_integer_labels(logits, labels[None]).mean()
    return ce + 0.1 * jnp.mean((logits - jax.lax.stop_gradient(mean_logits)) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


train_step.trace(state, x, labels).lower(lowering_platforms=('cuda',))
