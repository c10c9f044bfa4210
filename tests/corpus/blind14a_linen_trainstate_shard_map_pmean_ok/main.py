import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nn.Module):

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(features=16, kernel_size=(3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))
    x = nn.Dense(features=64)(x)
    x = nn.relu(x)
    return nn.Dense(features=10)(x)


def train_step(state, images, labels):

  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    one_hot = jax.nn.one_hot(labels, 10)
    loss = jnp.mean(optax.softmax_cross_entropy(logits=logits, labels=one_hot))
    return loss, logits

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  state = state.apply_gradients(grads=grads)
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  metrics = jax.lax.pmean({'loss': loss, 'accuracy': accuracy}, axis_name='batch')
  return state, metrics


def create_train_state(rng, learning_rate, momentum):
  cnn = CNN()
  params = cnn.init(rng, jnp.ones([1, 28, 28, 1]))['params']
  tx = optax.sgd(learning_rate, momentum)
  return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=tx)


mesh = Mesh(np.array(jax.devices()), ('batch',))
p_train_step = jax.jit(
    jax.shard_map(train_step, mesh=mesh,
                  in_specs=(P(), P('batch'), P('batch')),
                  out_specs=(P(), P())))

state = create_train_state(jax.random.key(0), 0.1, 0.9)
images = jnp.zeros((32, 28, 28, 1))
labels = jnp.zeros((32,), jnp.int32)
p_train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
