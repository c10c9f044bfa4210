import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class CNN(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(features=32, kernel_size=(3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = nn.Conv(features=64, kernel_size=(3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))
    x = nn.Dense(features=256)(x)
    x = nn.relu(x)
    return nn.Dense(features=self.num_classes)(x)


def create_train_state(rng, learning_rate, momentum):
  cnn = CNN()
  params = cnn.init(rng, jnp.ones([1, 28, 28, 1]))['params']
  tx = optax.sgd(learning_rate, momentum)
  return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=tx)


def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    one_hot = jax.nn.one_hot(labels, 10)
    loss = optax.softmax_cross_entropy(logits=logits, labels=one_hot).mean()
    return loss, logits

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, logits), grads = grad_fn(state.params)
  # averaged across replicas like in the pmap version
  grads = jax.lax.pmean(grads, axis_name='batch')
  state = state.apply_gradients(grads=grads)
  metrics = {
      'loss': loss,
      'accuracy': jnp.mean(jnp.argmax(logits, -1) == labels),
  }
  return state, metrics


def main():
  mesh = Mesh(np.array(jax.devices()), ('batch',))
  replicated = NamedSharding(mesh, P())
  data = NamedSharding(mesh, P('batch'))

  state = create_train_state(jax.random.PRNGKey(0), 0.1, 0.9)
  state = jax.device_put(state, replicated)

  p_train_step = jax.jit(
      train_step,
      in_shardings=(replicated, data, data),
      out_shardings=(replicated, replicated),
      donate_argnums=(0,),
  )
  images = jax.ShapeDtypeStruct((128, 28, 28, 1), jnp.float32, sharding=data)
  labels = jax.ShapeDtypeStruct((128,), jnp.int32, sharding=data)
  lowered = p_train_step.trace(state, images, labels).lower(lowering_platforms=('tpu',))
  print(lowered.as_text()[:200])


if __name__ == '__main__':
  main()
