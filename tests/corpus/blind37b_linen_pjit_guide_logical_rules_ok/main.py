import functools
from typing import Optional, Callable

import numpy as np
import jax
from jax import numpy as jnp
from jax.sharding import Mesh, PartitionSpec, NamedSharding
from jax.experimental import mesh_utils
import flax
import flax.linen as nn
import optax
from flax.training import train_state

device_mesh = mesh_utils.create_device_mesh((2, 2))
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))

rules = (('batch', 'data'), ('hidden', 'model'), ('embed', None))


class LogicalDotReluDot(nn.Module):
  depth: int
  dense_init: Callable = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_logical_partitioning(self.dense_init, ('embed', 'hidden')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param('W2',
                    nn.with_logical_partitioning(self.dense_init, ('hidden', 'embed')),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = nn.with_logical_constraint(z, ('batch', 'embed'))
    return z


class LogicalMLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      x = LogicalDotReluDot(self.depth, name=f'layer{i}')(x)
    return x


k = jax.random.key(0)
x = jnp.ones((8, 64))
optimizer = optax.adam(learning_rate=0.001)
model = LogicalMLP(num_layers=2, depth=128)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  state = train_state.TrainState.create(
      apply_fn=model.apply, params=variables['params'], tx=optimizer)
  return state


with mesh, nn.logical_axis_rules(rules):
  abstract_variables = jax.eval_shape(
      functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_state_spec = nn.get_partition_spec(abstract_variables)
  logical_state_sharding = nn.logical_to_mesh_sharding(logical_state_spec, mesh, rules)
  x_sharding = NamedSharding(mesh, PartitionSpec('data', None))

  jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                        in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding),
                        out_shardings=logical_state_sharding)
  state = jit_init_fn(k, x, model, optimizer)

  @functools.partial(jax.jit, in_shardings=(logical_state_sharding, x_sharding),
                     out_shardings=logical_state_sharding)
  def train_step(state, x):
    def loss_unrolled(params):
      y = model.apply({'params': params}, x)
      return y.sum()
    grads = jax.grad(loss_unrolled)(state.params)
    return state.apply_gradients(grads=grads)

  lowered = train_step.trace(state, x).lower(lowering_platforms=('cuda',))
print("ok", bool(lowered.as_text()))
