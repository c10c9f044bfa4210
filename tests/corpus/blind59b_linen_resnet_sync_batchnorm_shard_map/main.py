import functools
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from models import ResNet


class TrainState(train_state.TrainState):
  batch_stats: Any


mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
model = ResNet(stage_sizes=(1, 1, 1, 1), num_classes=100)


def create_train_state(rng):
  variables = model.init(rng, jnp.ones((2, 64, 64, 3)), train=False)
  tx = optax.sgd(optax.cosine_decay_schedule(0.1, 10_000), momentum=0.9, nesterov=True)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=tx)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
                   out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, images,
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, new_model_state

  (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  new_state = state.apply_gradients(grads=grads,
                                    batch_stats=new_model_state['batch_stats'])
  return new_state, jax.lax.pmean(loss, axis_name='batch')


if __name__ == '__main__':
  state = jax.eval_shape(create_train_state, jax.random.PRNGKey(0))
  data = NamedSharding(mesh, P('batch'))
  images = jax.ShapeDtypeStruct((32, 64, 64, 3), jnp.float32, sharding=data)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32, sharding=data)
  train_step.trace(state, images, labels).lower(lowering_platforms=('tpu',))
