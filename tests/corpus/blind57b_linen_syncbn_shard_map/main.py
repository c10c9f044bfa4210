import functools
from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P


class ConvNet(nn.Module):
  num_classes: int = 10

  @nn.compact
  def __call__(self, x, train: bool):
    norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                             axis_name='data')
    for feats in (32, 64, 64):
      x = nn.Conv(feats, (3, 3), use_bias=False)(x)
      x = nn.relu(norm()(x))
      x = nn.max_pool(x, (2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))
    return nn.Dense(self.num_classes)(x)


class TrainState(train_state.TrainState):
  batch_stats: Any


mesh = jax.make_mesh((4,), ('data',))


def local_train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, images, train=True,
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return jax.lax.pmean(loss, 'data'), updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, loss


train_step = jax.jit(
    jax.shard_map(local_train_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                  out_specs=(P(), P())),
    donate_argnums=0)


if __name__ == '__main__':
  model = ConvNet()
  variables = model.init(jax.random.key(0), jnp.ones((1, 32, 32, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'], tx=optax.adam(1e-3))
  state = jax.device_put(state, NamedSharding(mesh, P()))
  images = jax.device_put(jnp.ones((64, 32, 32, 3)), NamedSharding(mesh, P('data')))
  labels = jax.device_put(jnp.zeros((64,), jnp.int32), NamedSharding(mesh, P('data')))
  train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
