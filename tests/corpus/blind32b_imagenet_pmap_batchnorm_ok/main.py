"""ImageNet-example-style data-parallel training step: pmap + pmean + cross-replica BatchNorm."""
import functools
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import jax_utils
from flax import linen as nn
from flax.training import train_state
from jax import lax


class TrainState(train_state.TrainState):
  batch_stats: Any


class ResNetBlock(nn.Module):
  filters: int
  norm: Any

  @nn.compact
  def __call__(self, x):
    residual = x
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(x)
    y = self.norm()(y)
    y = nn.relu(y)
    y = nn.Conv(self.filters, (3, 3), use_bias=False)(y)
    y = self.norm(scale_init=nn.initializers.zeros_init())(y)
    return nn.relu(residual + y)


class TinyResNet(nn.Module):
  num_classes: int = 10
  num_filters: int = 16

  @nn.compact
  def __call__(self, x, train: bool = True):
    norm = functools.partial(
        nn.BatchNorm,
        use_running_average=not train,
        momentum=0.9,
        epsilon=1e-5,
        axis_name='batch',
    )
    x = nn.Conv(self.num_filters, (3, 3), use_bias=False, name='conv_init')(x)
    x = norm(name='bn_init')(x)
    x = nn.relu(x)
    x = ResNetBlock(self.num_filters, norm)(x)
    x = jnp.mean(x, axis=(1, 2))
    return nn.Dense(self.num_classes)(x)


def cross_entropy_loss(logits, labels):
  one_hot = jax.nn.one_hot(labels, num_classes=logits.shape[-1])
  return optax.softmax_cross_entropy(logits, one_hot).mean()


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats},
        batch['image'],
        mutable=['batch_stats'],
    )
    loss = cross_entropy_loss(logits, batch['label'])
    return loss, (new_model_state, logits)

  grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
  (loss, (new_model_state, logits)), grads = grad_fn(state.params)
  grads = lax.pmean(grads, axis_name='batch')
  metrics = {
      'loss': loss,
      'accuracy': jnp.mean(jnp.argmax(logits, -1) == batch['label']),
  }
  metrics = lax.pmean(metrics, axis_name='batch')
  new_state = state.apply_gradients(
      grads=grads, batch_stats=new_model_state['batch_stats'])
  return new_state, metrics


def create_train_state(rng, model, image_size):
  variables = model.init(rng, jnp.ones((1, image_size, image_size, 3)), train=False)
  tx = optax.sgd(0.1, momentum=0.9, nesterov=True)
  return TrainState.create(
      apply_fn=model.apply,
      params=variables['params'],
      tx=tx,
      batch_stats=variables['batch_stats'],
  )


def main():
  n = jax.local_device_count()
  model = TinyResNet()
  state = create_train_state(jax.random.PRNGKey(0), model, 16)
  state = jax_utils.replicate(state)
  batch = {
      'image': np.zeros((n, 8, 16, 16, 3), np.float32),
      'label': np.zeros((n, 8), np.int32),
  }
  p_train_step = jax.pmap(train_step, axis_name='batch')
  lowered = jax.jit(p_train_step).trace(state, batch).lower(lowering_platforms=('cuda',))
  print('lowered', len(lowered.as_text()) > 0)


if __name__ == '__main__':
  main()
