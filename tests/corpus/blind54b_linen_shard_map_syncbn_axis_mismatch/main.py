from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

from models.cnn import CNN


class TrainState(train_state.TrainState):
  batch_stats: dict


mesh = Mesh(np.array(jax.devices()), ('data',))
model = CNN()


def create_state(rng):
  variables = model.init(rng, jnp.ones((1, 28, 28, 1)), train=False)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats},
                                     images, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, jax.lax.pmean(loss, 'data')


state = jax.eval_shape(create_state, jax.random.key(0))
images = jax.ShapeDtypeStruct((128, 28, 28, 1), jnp.float32)
labels = jax.ShapeDtypeStruct((128,), jnp.int32)
jax.jit(train_step).trace(state, images, labels).lower(lowering_platforms=('tpu',))
