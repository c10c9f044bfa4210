import jax
import jax.numpy as jnp
import optax
from flax.training import train_state

from ens.models import Ensemble

LAMBDA = 0.5
model = Ensemble()
x = jnp.ones((16, 8))
y = jnp.zeros((16, 1))
state = train_state.TrainState.create(
    apply_fn=model.apply, params=model.init(jax.random.key(0), x)['params'], tx=optax.adam(1e-3))


@jax.jit
def train_step(state, x, y):
  def loss_fn(params):
    preds, diversity = state.apply_fn({'params': params}, x)
    return jnp.mean((preds - y[None]) ** 2) + LAMBDA * diversity.mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))
print('lowered')
