from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from models.resnet import TinyResNet


class TrainState(train_state.TrainState):
  batch_stats: Any


def train_step(state, batch):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, batch['image'],
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()
    return loss, updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, loss


mesh = Mesh(np.array(jax.devices()), ('batch',))
model = TinyResNet()
variables = model.init(jax.random.key(0), jnp.ones((1, 16, 16, 3)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'],
                          tx=optax.sgd(0.1, momentum=0.9))
batch = {'image': jnp.ones((32, 16, 16, 3)), 'label': jnp.zeros((32,), jnp.int32)}
data_sharding = NamedSharding(mesh, P('batch'))
replicated = NamedSharding(mesh, P())
p_train_step = jax.jit(train_step, in_shardings=(replicated, data_sharding),
                       out_shardings=(replicated, replicated), donate_argnums=0)
p_train_step.trace(state, batch).lower(lowering_platforms=('cuda',))
print('lowered')
