from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from input_pipeline import synthetic_batch

DATA = 'data'
devices = np.array(jax.devices())
mesh = Mesh(devices, (DATA,))


class CNN(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Conv(32, (3, 3))(x))
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = nn.relu(nn.Conv(64, (3, 3))(x))
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = nn.relu(nn.Dense(128)(x.reshape((x.shape[0], -1))))
    return nn.Dense(10)(x)


BATCH_SPEC = {'images': P(DATA), 'labels': P(DATA)}


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), BATCH_SPEC), out_specs=(P(), P()))
def train_step(state, batch):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch['image'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['label']).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, DATA)
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, DATA)


if __name__ == '__main__':
  cnn = CNN()
  params = cnn.init(jax.random.key(0), jnp.ones([1, 28, 28, 1]))['params']
  state = train_state.TrainState.create(apply_fn=cnn.apply, params=params,
                                        tx=optax.sgd(0.01, 0.9))
  train_step.trace(state, synthetic_batch(32)).lower(lowering_platforms=('cuda',))
