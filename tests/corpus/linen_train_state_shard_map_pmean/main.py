"""A Linen TrainState step under jax.shard_map over 'data': loss and gradients pmean-ed, then
state.apply_gradients."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('data',))


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Dense(64)(x))
    return nn.Dense(1)(x)


model = MLP()
params = model.init(jax.random.key(0), jnp.ones((1, 8)))['params']
state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=optax.adam(1e-3))


def loss_fn(params, apply_fn, x, y):
  return jnp.mean((apply_fn({'params': params}, x)[:, 0] - y) ** 2)


def local_step(state, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(state.params, state.apply_fn, x, y)
  grads = jax.lax.pmean(grads, 'data')
  return state.apply_gradients(grads=grads), jax.lax.pmean(loss, 'data')


train_step = jax.jit(jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                                   out_specs=(P(), P())))
train_step.trace(state, jnp.ones((32, 8)), jnp.zeros((32,))).lower(lowering_platforms=("cuda",))
