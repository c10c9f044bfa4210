from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax import lax, shard_map
from jax.sharding import Mesh, PartitionSpec as P


class MLPBN(nn.Module):
  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Dense(512)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.99)(x)
    x = nn.relu(x)
    x = nn.Dense(512)(x)
    x = nn.BatchNorm(use_running_average=not train, momentum=0.99)(x)
    return nn.Dense(10)(nn.relu(x))


class State(train_state.TrainState):
  batch_stats: Any


def train_step(state, x, y):
  def loss_fn(params):
    logits, mutated = state.apply_fn({'params': params, 'batch_stats': state.batch_stats}, x,
                                     mutable=['batch_stats'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), mutated

  (loss, mutated), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  grads = lax.pmean(grads, 'data')
  state = state.apply_gradients(grads=grads, batch_stats=mutated['batch_stats'])
  return state, lax.pmean(loss, 'data')


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = MLPBN()
  variables = model.init(jax.random.key(0), jnp.zeros((1, 784)), train=False)
  state = State.create(apply_fn=model.apply, params=variables['params'],
                       batch_stats=variables['batch_stats'], tx=optax.adam(1e-3))

  step = shard_map(train_step, mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  step = jax.jit(step)
  x = jax.ShapeDtypeStruct((256, 784), jnp.float32)
  y = jax.ShapeDtypeStruct((256,), jnp.int32)
  step.trace(state, x, y).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
