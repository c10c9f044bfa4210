from typing import Any

import numpy as np
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
from flax.training import train_state


class ConvBlock(nn.Module):
  features: int
  train: bool = True

  def setup(self):
    self.conv = nn.Conv(self.features, (3, 3), use_bias=False)
    self.bn = nn.BatchNorm(use_running_average=not self.train, momentum=0.9,
                           axis_name='batch')

  def __call__(self, x):
    return nn.relu(self.bn(self.conv(x)))


class Net(nn.Module):
  train: bool = True

  def setup(self):
    self.block1 = ConvBlock(16, train=self.train)
    self.block2 = ConvBlock(32, train=self.train)
    self.head = nn.Dense(10)

  def __call__(self, x):
    x = self.block2(self.block1(x))
    return self.head(jnp.mean(x, axis=(1, 2)))


class TrainState(train_state.TrainState):
  batch_stats: Any


mesh = Mesh(np.array(jax.devices()), ('batch',))
data_sharding = NamedSharding(mesh, P('batch'))
replicated = NamedSharding(mesh, P())

model = Net(train=True)
variables = Net(train=False).init(jax.random.key(0), jnp.ones((1, 16, 16, 3)))
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.adam(1e-3))
state = jax.device_put(state, replicated)


@jax.jit
def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, images, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  return state.apply_gradients(grads=grads, batch_stats=updates['batch_stats']), loss


images = jax.device_put(jnp.ones((8, 16, 16, 3)), data_sharding)
labels = jax.device_put(jnp.zeros((8,), jnp.int32), data_sharding)
print(train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
