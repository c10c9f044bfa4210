from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from model import CNN

mesh = Mesh(np.array(jax.devices()), ('batch',))

cnn = CNN()
params = cnn.init(jax.random.key(0), jnp.ones([1, 8, 8, 1]))['params']
state = train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=optax.adamw(1e-3))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')), out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, logits

  (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, 'batch')
  metrics = {
      'loss': jax.lax.pmean(loss, 'batch'),
      'accuracy': jax.lax.pmean(jnp.mean(jnp.argmax(logits, -1) == labels), 'batch'),
  }
  return state.apply_gradients(grads=grads), metrics


images = jnp.zeros((16, 8, 8, 1))
labels = jnp.zeros((16,), jnp.int32)
train_step.trace(state, images, labels).lower(lowering_platforms=("cuda",))
