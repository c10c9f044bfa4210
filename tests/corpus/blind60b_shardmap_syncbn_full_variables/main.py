from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class ConvNet(nn.Module):
  @nn.compact
  def __call__(self, x, train: bool):
    x = nn.Conv(32, (3, 3))(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='data')(x)
    x = nn.relu(x)
    return nn.Dense(10)(x.mean(axis=(1, 2)))


class TrainState(train_state.TrainState):
  batch_stats: dict


model = ConvNet()
mesh = jax.make_mesh((4,), ('data',))


def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = model.apply({'params': params, 'batch_stats': state.batch_stats},
                                  images, train=True, mutable=['batch_stats'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), updates
  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='data')
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, jax.lax.pmean(loss, axis_name='data')


if __name__ == '__main__':
  images = jax.ShapeDtypeStruct((32, 16, 16, 3), jnp.float32)
  labels = jax.ShapeDtypeStruct((32,), jnp.int32)

  def create_state(rng):
    v = model.init(rng, jnp.zeros((1, 16, 16, 3)), train=False)
    return TrainState.create(apply_fn=model.apply, params=v['params'],
                             batch_stats=v['batch_stats'], tx=optax.sgd(0.1, momentum=0.9))

  state = jax.eval_shape(create_state, jax.random.key(0))
  sharded = jax.jit(jax.shard_map(train_step, mesh=mesh,
                                  in_specs=(P(), P('data'), P('data')),
                                  out_specs=(P(), P())))
  sharded.trace(state, images, labels).lower(lowering_platforms=('tpu',))
