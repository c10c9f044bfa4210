"""Data-parallel step written with shard_map (JAX 0.6) and a setup()-style Linen model."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import linen as nn
from flax.training import train_state
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class MLPClassifier(nn.Module):
  hidden: int = 64
  num_classes: int = 10

  def setup(self):
    self.dense1 = nn.Dense(self.hidden)
    self.bn = nn.BatchNorm(momentum=0.9, axis_name='data')
    self.dense2 = nn.Dense(self.num_classes)

  def __call__(self, x, train: bool):
    x = self.dense1(x)
    x = self.bn(x, use_running_average=not train)
    x = nn.gelu(x)
    return self.dense2(x)


class State(train_state.TrainState):
  batch_stats: dict


mesh = Mesh(np.asarray(jax.devices()), axis_names=('data',))


@jax.jit
@partial(shard_map, mesh=mesh,
         in_specs=(P(), P('data'), P('data')),
         out_specs=(P(), P()))
def train_step(state, x, y):
  def loss_fn(params):
    logits, mutated = state.apply_fn(
        {'params': params, 'batch_stats': state.batch_stats}, x, train=True,
        mutable=['batch_stats'])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
    return loss, mutated['batch_stats']

  (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  loss = jax.lax.pmean(loss, 'data')
  return state.apply_gradients(grads=grads, batch_stats=batch_stats), loss


model = MLPClassifier()
variables = model.init(jax.random.PRNGKey(1), jnp.ones((2, 32)), train=False)
state = State.create(apply_fn=model.apply, params=variables['params'],
                     batch_stats=variables['batch_stats'], tx=optax.adam(1e-3))
x = jnp.ones((64, 32))
y = jnp.zeros((64,), jnp.int32)
print(train_step.trace(state, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
