import functools

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P, AxisType

from models import TinyResNet


class TrainState(train_state.TrainState):
  batch_stats: dict


model = TinyResNet()
variables = model.init(jax.random.key(0), jnp.ones((2, 16, 16, 3)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))


@functools.partial(jax.jit, donate_argnums=0)
def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        batch['image'], mutable=['batch_stats'])
    one_hot = jax.nn.one_hot(batch['label'], 10)
    loss = optax.softmax_cross_entropy(logits, one_hot).mean()
    return loss, new_model_state

  (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, loss


mesh = jax.make_mesh((4,), ('batch',), axis_types=(AxisType.Auto,))
data = NamedSharding(mesh, P('batch'))
batch = {'image': jax.device_put(jnp.ones((32, 16, 16, 3)), data),
         'label': jax.device_put(jnp.zeros((32,), jnp.int32), data)}
print(train_step.trace(state, batch).lower(lowering_platforms=('cuda',)).as_text()[:40])
