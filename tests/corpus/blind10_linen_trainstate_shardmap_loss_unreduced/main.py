import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('dp',))


class MLP(nn.Module):

  @nn.compact
  def __call__(self, x):
    for w in (64, 64):
      x = nn.swish(nn.Dense(w)(x))
    return nn.Dense(1)(x)[..., 0]


@jax.jit
@functools.partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('dp'), P('dp')),
                   out_specs=(P(), P()))
def train_step(state, x, y):
  def loss_fn(params):
    return jnp.mean((state.apply_fn({'params': params}, x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, 'dp')
  return state.apply_gradients(grads=grads), loss


def main():
  model = MLP()
  params = model.init(jax.random.key(0), jnp.ones((1, 5)))['params']
  state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))
  x = jnp.ones((64, 5))
  y = jnp.zeros((64,))
  train_step.trace(state, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
