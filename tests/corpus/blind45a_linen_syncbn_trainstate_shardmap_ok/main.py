from functools import partial
from typing import Any

import numpy as np
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
from flax.training import train_state

from models import CNN


class TrainState(train_state.TrainState):
  batch_stats: Any


mesh = Mesh(np.array(jax.devices()), ('batch',))
model = CNN()
variables = model.init(jax.random.PRNGKey(0), jnp.ones((1, 16, 16, 3)), train=False)
state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                          batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, 0.9))


def train_step(state, images, labels):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, images,
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, new_model_state

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, new_model_state), grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  loss = lax.pmean(loss, axis_name='batch')
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, loss


p_train_step = jax.jit(jax.shard_map(
    train_step, mesh=mesh, in_specs=(P(), P('batch'), P('batch')), out_specs=(P(), P()),
    check_vma=False))

images = jnp.ones((8, 16, 16, 3))
labels = jnp.zeros((8,), jnp.int32)
print(p_train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
