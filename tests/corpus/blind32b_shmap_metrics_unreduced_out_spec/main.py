"""shard_map train step for a Linen CNN; metrics dict returned as replicated."""
from functools import partial

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import PartitionSpec as P


class CNN(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Conv(16, (3, 3))(x))
    x = nn.avg_pool(x, (2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))
    return nn.Dense(10)(x)


def compute_metrics(logits, labels):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return {'loss': jax.lax.pmean(loss, 'batch'),
          'accuracy': jnp.mean(jnp.argmax(logits, -1) == labels)}


mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('batch'), P('batch')),
         out_specs=(P(), P()))
def train_step(state, images, labels):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, logits

  (_, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, axis_name='batch')
  return state.apply_gradients(grads=grads), compute_metrics(logits, labels)


model = CNN()
params = model.init(jax.random.PRNGKey(0), jnp.ones((1, 28, 28, 1)))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.1))
images, labels = jnp.zeros((32, 28, 28, 1)), jnp.zeros((32,), jnp.int32)
print(train_step.trace(state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:10])
