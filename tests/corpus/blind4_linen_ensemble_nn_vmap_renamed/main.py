import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from ensemble import DeepEnsemble

model = DeepEnsemble(num_members=4)
x = jnp.zeros((8, 12))
params = model.init(jax.random.key(1), x)['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))


def loss_fn(params, batch):
  logits, target = state.apply_fn({'params': params}, batch['x'])
  nll = optax.softmax_cross_entropy_with_integer_labels(logits, batch['y'][None]).mean()
  distill = optax.softmax_cross_entropy(logits, target).mean()
  return nll + 0.1 * distill


@jax.jit
def train_step(state, batch):
  loss, grads = jax.value_and_grad(loss_fn)(state.params, batch)
  return state.apply_gradients(grads=grads), loss


batch = {'x': x, 'y': jnp.zeros((8,), jnp.int32)}
train_step.trace(state, batch).lower(lowering_platforms=('cuda',))
