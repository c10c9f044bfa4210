import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training.train_state import TrainState
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P


class MLP(nn.Module):

  @nn.compact
  def __call__(self, x):
    x = nn.Dense(64)(x)
    x = nn.relu(x)
    return nn.Dense(1)(x)


def train_step(state, x, y):
  def loss_fn(params):
    pred = state.apply_fn({'params': params}, x)
    return jnp.mean((pred - y) ** 2)
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'data')
  loss = jax.lax.pmean(loss, 'data')
  return state.apply_gradients(grads=grads), loss


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  model = MLP()
  params = model.init(jax.random.key(0), jnp.ones((1, 8)))['params']
  state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))

  global train_step
  sharded_step = jax.shard_map(train_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                               out_specs=(P(), P()))
  train_step = jax.jit(train_step)

  x = jnp.ones((16, 8))
  y = jnp.ones((16, 1))
  train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
