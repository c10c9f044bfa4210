"""CIFAR ResNet: the pmap trainer's model reused under jax.jit over a 'data' mesh."""
from functools import partial
from typing import Any, Sequence

import flax
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state

ModuleDef = Any


class TrainState(train_state.TrainState):
  batch_stats: flax.core.FrozenDict


class BottleneckBlock(nn.Module):
  filters: int
  conv: ModuleDef
  norm: ModuleDef

  @nn.compact
  def __call__(self, x):
    residual = x
    y = self.conv(self.filters, (1, 1))(x)
    y = nn.relu(self.norm()(y))
    y = self.conv(self.filters, (3, 3))(y)
    y = nn.relu(self.norm()(y))
    y = self.conv(self.filters * 4, (1, 1))(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)
    if residual.shape != y.shape:
      residual = self.conv(self.filters * 4, (1, 1), name='conv_proj')(residual)
      residual = self.norm(name='norm_proj')(residual)
    return nn.relu(residual + y)


class ResNet(nn.Module):
  stage_sizes: Sequence[int]
  num_classes: int
  num_filters: int = 8
  dtype: Any = jnp.float32

  @nn.compact
  def __call__(self, x, train: bool = True):
    conv = partial(nn.Conv, use_bias=False, dtype=self.dtype)
    norm = partial(nn.BatchNorm, use_running_average=not train, momentum=0.9,
                   epsilon=1e-5, dtype=self.dtype, axis_name='batch')
    x = conv(self.num_filters, (3, 3), name='conv_init')(x)
    x = nn.relu(norm(name='bn_init')(x))
    for i, block_size in enumerate(self.stage_sizes):
      for _ in range(block_size):
        x = BottleneckBlock(self.num_filters * 2**i, conv=conv, norm=norm)(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes, dtype=self.dtype)(x)


@partial(jax.jit, donate_argnums=(0,))
def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        images, train=True, mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
  return state, loss


if __name__ == '__main__':
  mesh = jax.make_mesh((jax.device_count(),), ('data',))
  batch_sharding = jax.sharding.NamedSharding(mesh, jax.sharding.PartitionSpec('data'))

  model = ResNet(stage_sizes=[1, 1], num_classes=10)
  variables = jax.jit(model.init, static_argnames='train')(
      jax.random.PRNGKey(0), jnp.ones((1, 32, 32, 3)), train=False)
  state = TrainState.create(apply_fn=model.apply, params=variables['params'],
                            batch_stats=variables['batch_stats'],
                            tx=optax.adamw(1e-3))
  images = jax.device_put(np.ones((16, 32, 32, 3), np.float32), batch_sharding)
  labels = jax.device_put(np.zeros((16,), np.int32), batch_sharding)
  lowered = train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
  print('ok', lowered.in_tree.num_leaves)
