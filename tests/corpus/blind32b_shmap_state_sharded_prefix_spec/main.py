"""Data-parallel step under shard_map; one PartitionSpec given as the prefix for every argument."""
import functools as ft

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax import lax as L
from jax.sharding import Mesh, PartitionSpec as P


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    for w in (256, 256):
      x = nn.relu(nn.Dense(w)(x))
    return nn.Dense(10)(x)


mesh = Mesh(np.array(jax.devices()), ('data',))
model = MLP()
state = train_state.TrainState.create(
    apply_fn=model.apply,
    params=model.init(jax.random.PRNGKey(0), jnp.zeros((1, 784)))['params'],
    tx=optax.sgd(0.01, momentum=0.9))


def step(state, x, y):
  def loss_fn(p):
    logits = state.apply_fn({'params': p}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, g = jax.value_and_grad(loss_fn)(state.params)
  g = L.pmean(g, 'data')
  return state.apply_gradients(grads=g), L.pmean(loss, 'data')


sharded_step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=P('data'), out_specs=P()))
x = jnp.zeros((128, 784))
y = jnp.zeros((128,), jnp.int32)
print(sharded_step.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:10])
