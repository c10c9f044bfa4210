from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from cnn import SmallResNet


class TrainState(train_state.TrainState):
  batch_stats: Any


def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn({'params': params, 'batch_stats': state.batch_stats}, images,
                                     train=True, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='data')
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, jax.lax.pmean(loss, axis_name='data')


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = SmallResNet()
  variables = model.init(jax.random.PRNGKey(0), jnp.ones((2, 32, 32, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'], tx=optax.sgd(0.1, momentum=0.9, nesterov=True))
  p_step = jax.jit(shard_map(train_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                             out_specs=(P(), P())), donate_argnums=0)
  images = jax.ShapeDtypeStruct((64, 32, 32, 3), jnp.float32)
  labels = jax.ShapeDtypeStruct((64,), jnp.int32)
  p_step.trace(state, images, labels).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
