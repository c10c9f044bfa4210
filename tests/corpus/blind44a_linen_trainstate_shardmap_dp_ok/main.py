from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.Conv(features=32, kernel_size=(3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))
    x = nn.Dense(features=256)(x)
    x = nn.relu(x)
    return nn.Dense(features=10)(x)


mesh = Mesh(jax.devices(), ('batch',))


def create_train_state(rng):
  cnn = CNN()
  params = cnn.init(rng, jnp.ones([1, 28, 28, 1]))['params']
  tx = optax.sgd(0.01, 0.9)
  return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=tx)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
         out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    one_hot = jax.nn.one_hot(labels, 10)
    return optax.softmax_cross_entropy(logits, one_hot).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'batch')
  state = state.apply_gradients(grads=grads)
  return state, jax.lax.pmean(loss, 'batch')


state = create_train_state(jax.random.key(0))
images = jnp.ones((64, 28, 28, 1))
labels = jnp.zeros((64,), jnp.int32)
print(train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
