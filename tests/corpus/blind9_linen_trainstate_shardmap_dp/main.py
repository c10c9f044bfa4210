import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training.train_state import TrainState
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Explicit,))


class MLP(nn.Module):
  features: tuple = (64, 64, 10)

  @nn.compact
  def __call__(self, x):
    for f in self.features[:-1]:
      x = nn.relu(nn.Dense(f)(x))
    return nn.Dense(self.features[-1])(x)


def train_step(state, batch):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, batch['x'])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch['y']).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


batch_specs = {'x': P('data', None), 'y': P('data')}
sharded_step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(P(), batch_specs),
                                     out_specs=(P(), P())))

if __name__ == '__main__':
  model = MLP()
  params = model.init(jax.random.key(0), jnp.ones((1, 20)))['params']
  with jax.set_mesh(mesh):
    state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
    state = jax.device_put(state, NamedSharding(mesh, P()))
    batch = {
        'x': jax.device_put(jnp.ones((32, 20)), NamedSharding(mesh, batch_specs['x'])),
        'y': jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, batch_specs['y'])),
    }
    sharded_step.trace(state, batch).lower(lowering_platforms=('cuda',))
