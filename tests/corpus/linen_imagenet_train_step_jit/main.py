"""The Flax ImageNet example's training step moved from pmap to jax.jit over a batch sharded
along 'batch'."""
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

from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((jax.device_count(),), ('batch',))
jit_train_step = jax.jit(functools.partial(train_step, learning_rate_fn=learning_rate_fn))
batch = {
    'image': jnp.zeros((8, IMAGE_SIZE, IMAGE_SIZE, 3)),
    'label': jnp.zeros((8,), jnp.int32),
}
batch = jax.device_put(batch, NamedSharding(mesh, P('batch')))
jit_train_step.trace(state, batch).lower(lowering_platforms=("cuda",))
