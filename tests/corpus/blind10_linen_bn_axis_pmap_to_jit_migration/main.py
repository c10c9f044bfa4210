from typing import Any

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P


class TrainState(train_state.TrainState):
  batch_stats: Any


class Net(nn.Module):
  bn_axis: Any = 'batch'

  @nn.compact
  def __call__(self, x, train=True):
    x = nn.Dense(64)(x)
    x = nn.BatchNorm(use_running_average=not train, axis_name=self.bn_axis)(x)
    x = nn.relu(x)
    return nn.Dense(10)(x)


def create_state(rng, model):
  variables = model.init(rng, jnp.ones((2, 20)), train=False)
  return TrainState.create(apply_fn=model.apply, params=variables['params'],
                           batch_stats=variables['batch_stats'], tx=optax.adamw(1e-3))


def train_step(state, x, y):
  def loss_fn(params):
    logits, upd = state.apply_fn({'params': params, 'batch_stats': state.batch_stats}, x,
                                 mutable=['batch_stats'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), upd

  (loss, upd), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  return state.apply_gradients(grads=grads, batch_stats=upd['batch_stats']), loss


def main():
  mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
  state = create_state(jax.random.key(0), Net())
  data_sharding = NamedSharding(mesh, P('batch'))
  repl = NamedSharding(mesh, P())
  step = jax.jit(train_step, in_shardings=(repl, data_sharding, data_sharding),
                 out_shardings=(repl, repl))
  x = jnp.ones((32, 20))
  y = jnp.zeros((32,), jnp.int32)
  step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
