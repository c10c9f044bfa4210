"""The Flax ImageNet example's training step, pmapped over 'batch' as the example does (state
broadcast, batch split per device), lowered ahead of time."""
import functools

import jax
import jax.numpy as jnp
import optax

import models
from train import create_train_state, eval_step, train_step

IMAGE_SIZE = 32
model = models._ResNet1(num_classes=1000, num_filters=8)
learning_rate_fn = optax.constant_schedule(0.1)
state = create_train_state(jax.random.key(0), model, IMAGE_SIZE, learning_rate_fn)

p_train_step = jax.pmap(
    functools.partial(train_step, learning_rate_fn=learning_rate_fn),
    in_axes=(None, 0),
    out_axes=(None, 0),
    axis_name='batch',
)
n = jax.local_device_count()
batch = {
    'image': jnp.zeros((n, 2, IMAGE_SIZE, IMAGE_SIZE, 3)),
    'label': jnp.zeros((n, 2), jnp.int32),
}
p_train_step.lower(state, batch)
