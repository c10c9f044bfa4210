import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

SYNC_EVERY = 8
mesh = Mesh(np.array(jax.devices()), axis_names=('replica',))


class Net(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.Dense(128)(x)
    x = nn.LayerNorm()(nn.relu(x))
    return nn.Dense(1)(x)


def maybe_sync(step, grads):
  """Local SGD: only all-reduce gradients every SYNC_EVERY steps."""
  return lax.cond(step % SYNC_EVERY == 0,
                  lambda g: lax.pmean(g, 'replica'),
                  lambda g: g,
                  grads)


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P('replica'), P('replica'), P('replica')),
                   out_specs=(P('replica'), P('replica')))
def train_step(state, x, y):
  state = jax.tree.map(lambda a: a[0], state)

  def loss_fn(params):
    pred = state.apply_fn({'params': params}, x)
    return jnp.mean((pred[:, 0] - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = maybe_sync(state.step, grads)
  state = state.apply_gradients(grads=grads)
  return jax.tree.map(lambda a: a[None], state), loss[None]


if __name__ == '__main__':
  net = Net()
  params = net.init(jax.random.key(0), jnp.ones((1, 16)))['params']
  state = train_state.TrainState.create(apply_fn=net.apply, params=params, tx=optax.sgd(0.05))
  n = len(jax.devices())
  stacked = jax.tree.map(lambda a: jnp.broadcast_to(a, (n,) + jnp.shape(a)), state)
  train_step.trace(stacked, jnp.ones((32, 16)), jnp.ones((32,))).lower(lowering_platforms=('cuda',))
