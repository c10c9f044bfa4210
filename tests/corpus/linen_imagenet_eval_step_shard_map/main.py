"""The Flax ImageNet example's evaluation step run under jax.shard_map over a 'batch' mesh
instead of pmap."""
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

from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((jax.device_count(),), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
sharded_eval = jax.jit(jax.shard_map(eval_step, mesh=mesh, in_specs=(P(), P('batch')), out_specs=P()))
batch = {
    'image': jnp.zeros((8, IMAGE_SIZE, IMAGE_SIZE, 3)),
    'label': jnp.zeros((8,), jnp.int32),
}
sharded_eval.trace(state, batch).lower(lowering_platforms=("cuda",))
