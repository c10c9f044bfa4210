from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from model import CNN

mesh = Mesh(np.array(jax.devices()), ('data',))


def create_state(rng):
  cnn = CNN()
  params = cnn.init(rng, jnp.ones([1, 8, 8, 1]))['params']
  tx = optax.adamw(1e-3)
  return train_state.TrainState.create(apply_fn=cnn.apply, params=params, tx=tx)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  loss = jax.lax.pmean(loss, 'data')
  return state.apply_gradients(grads=grads), loss


state = jax.eval_shape(create_state, jax.random.key(0))
images = jax.ShapeDtypeStruct((16, 8, 8, 1), jnp.float32, sharding=NamedSharding(mesh, P('data')))
labels = jax.ShapeDtypeStruct((16,), jnp.int32, sharding=NamedSharding(mesh, P('data')))
train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',))
