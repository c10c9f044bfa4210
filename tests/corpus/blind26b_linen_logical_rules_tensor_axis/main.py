import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from nets.mlp import MLP
from nets.rules import LOGICAL_AXIS_RULES

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = MLP(num_layers=2, depth=64)
optimizer = optax.adam(1e-3)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply,
                                       params=variables['params'], tx=optimizer)


def train_step(state, x):
  def loss_fn(params):
    y = state.apply_fn({'params': params}, x)
    return jnp.mean(y ** 2)
  grads = jax.grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads)


x = jnp.ones((8, 32))
k = jax.random.key(0)
x_sharding = NamedSharding(mesh, P('data', None))

with mesh, nn.logical_axis_rules(LOGICAL_AXIS_RULES):
  abstract_state = jax.eval_shape(
      functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_spec = nn.get_partition_spec(abstract_state)
  state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, LOGICAL_AXIS_RULES)
  jit_init = jax.jit(init_fn, static_argnums=(2, 3),
                     in_shardings=(NamedSharding(mesh, P()), x_sharding),
                     out_shardings=state_sharding)
  state = jit_init(k, x, model, optimizer)
  jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                     out_shardings=state_sharding)
  lowered = jit_step.trace(state, x).lower(lowering_platforms=('cuda',))
print(len(lowered.as_text()) > 0)
