"""Synchronized BatchNorm under pmap: a TrainState with batch_stats, imagenet-example style.
The model's BatchNorm reduces over 'batch' but the trainer's pmap names its axis 'device'."""
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import jax_utils
from flax import linen as nn
from flax.training import train_state
from jax import lax


class TrainState(train_state.TrainState):
    batch_stats: Any


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3, 3), use_bias=False)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9, axis_name='batch')(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def create_state(rng):
    model = ConvNet()
    variables = model.init(rng, jnp.ones((1, 8, 8, 3)), train=False)
    return TrainState.create(apply_fn=model.apply, params=variables['params'],
                             batch_stats=variables['batch_stats'], tx=optax.adam(1e-3))


def train_step(state, images, labels):
    def loss_fn(params):
        logits, updates = state.apply_fn(
            {'params': params, 'batch_stats': state.batch_stats}, images,
            mutable=['batch_stats'])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        return loss, updates

    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = lax.pmean(grads, 'device')
    state = state.apply_gradients(grads=grads, batch_stats=updates['batch_stats'])
    return state, lax.pmean(loss, 'device')


p_step = jax.pmap(train_step, axis_name='device')
state = jax_utils.replicate(create_state(jax.random.PRNGKey(0)))
n = jax.local_device_count()
images = jnp.ones((n, 4, 8, 8, 3))
labels = jnp.zeros((n, 4), jnp.int32)
print(jax.jit(p_step).trace(state, images, labels).lower(lowering_platforms=('cuda',)) is not None)
