from functools import partial

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.experimental import mesh_utils
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(256)(x))
    x = nn.relu(nn.Dense(256)(x))
    return nn.Dense(10)(x)


devices = mesh_utils.create_device_mesh((4,))
mesh = Mesh(devices, axis_names=('devices',))
model = MLP()
tx = optax.adam(1e-3)


def compute_metrics(logits, labels, loss):
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  return {
      'loss': jax.lax.pmean(loss, 'devices'),
      'accuracy': jax.lax.pmean(accuracy, 'devices'),
  }


@jax.jit
@partial(shard_map, mesh=mesh, in_specs=(P(), P(), P('devices'), P('devices')),
         out_specs=(P(), P(), P()), check_rep=True)
def train_step(params, opt_state, images, labels):
  def loss_fn(params):
    logits = model.apply({'params': params}, images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, logits

  (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
  grads = jax.lax.pmean(grads, 'devices')
  updates, opt_state = tx.update(grads, opt_state, params)
  params = optax.apply_updates(params, updates)
  return params, opt_state, compute_metrics(logits, labels, loss)


images = jnp.ones((128, 784))
labels = jnp.zeros((128,), jnp.int32)
params = model.init(jax.random.PRNGKey(0), images[:1])['params']
opt_state = tx.init(params)
print(train_step.trace(params, opt_state, images, labels).lower(lowering_platforms=('cuda',)).as_text()[:40])
