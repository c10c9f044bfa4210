"""A Linen forward pass under jax.shard_map whose in_specs spell out a variables dict with a
'batch_stats' collection the model does not have."""
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


forward = jax.jit(jax.shard_map(
    model.apply, mesh=mesh,
    in_specs=({'params': P(), 'batch_stats': P()}, P('data')),
    out_specs=P('data')))
forward.trace({'params': state.params}, jnp.ones((32, 8))).lower(lowering_platforms=("cuda",))
