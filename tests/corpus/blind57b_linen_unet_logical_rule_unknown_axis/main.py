import functools

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec as P

from partitioning import state_shardings
from unet import UNet


def create_state(rng, x, t, model, tx):
  params = model.init(rng, x, t)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def train_step(state, x0, noise, t):
  def loss_fn(params):
    xt = jnp.cos(t)[:, None, None, None] * x0 + jnp.sin(t)[:, None, None, None] * noise
    pred = state.apply_fn({'params': params}, xt, t)
    return jnp.mean((pred - noise) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


if __name__ == '__main__':
  mesh = jax.make_mesh((2, 2), ('data', 'model'))
  model = UNet()
  tx = optax.adamw(2e-4)
  x = jnp.zeros((8, 16, 16, 3))
  t = jnp.zeros((8,))
  init = functools.partial(create_state, model=model, tx=tx)
  shardings = state_shardings(init, mesh, jax.random.key(0), x, t)
  state = jax.jit(init, out_shardings=shardings)(jax.random.key(0), x, t)
  data = NamedSharding(mesh, P('data'))
  step = jax.jit(train_step, in_shardings=(shardings, data, data, data),
                 out_shardings=(shardings, NamedSharding(mesh, P())))
  step.trace(state, x, x, t).lower(lowering_platforms=('cuda',))
