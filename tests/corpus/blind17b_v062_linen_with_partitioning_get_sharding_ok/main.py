import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec

from mylib.model import MLP
from mylib.parallel import make_mesh, mesh_sharding

mesh = make_mesh()
model = MLP(num_layers=3, depth=256, mesh=mesh)
optimizer = optax.sgd(0.01)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


def train_step(state, x):
  def loss(params):
    return state.apply_fn({'params': params}, x).sum()
  grads = jax.grad(loss)(state.params)
  return state.apply_gradients(grads=grads)


x = jnp.ones((16, 256))
k = jax.random.key(0)
abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
state_sharding = nn.get_sharding(abstract_variables, mesh)
x_sharding = mesh_sharding(mesh, PartitionSpec('data', None))

with mesh:
  jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                     out_shardings=state_sharding)
  jit_step.trace(abstract_variables, x).lower(lowering_platforms=('cuda',))
