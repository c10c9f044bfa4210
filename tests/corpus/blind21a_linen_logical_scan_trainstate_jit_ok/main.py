import functools
from typing import Callable, Optional

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec


class DotReluDot(nn.Module):
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
    return z, None


class LogicalMLP(nn.Module):
  num_layers: int
  depth: int
  use_scan: bool

  @nn.compact
  def __call__(self, x):
    if self.use_scan:
      x, _ = nn.scan(DotReluDot, length=self.num_layers,
                     variable_axes={'params': 0},
                     split_rngs={'params': True},
                     metadata_params={nn.PARTITION_NAME: None})(self.depth)(x)
    else:
      for _ in range(self.num_layers):
        x, _ = DotReluDot(self.depth)(x)
    return x


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


def train_step(state, x):
  def loss_unrolled(params):
    y = state.apply_fn({'params': params}, x)
    return y.sum()
  grad_fn = jax.grad(loss_unrolled)
  grads = grad_fn(state.params)
  return state.apply_gradients(grads=grads)


device_mesh = np.array(jax.devices()).reshape(2, 2)
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))
rules = (('batch', 'data'), ('hidden', 'model'))

model = LogicalMLP(num_layers=4, depth=256, use_scan=True)
optimizer = optax.adam(learning_rate=0.001)
x_sharding = NamedSharding(mesh, PartitionSpec('data', None))
x = jax.device_put(jnp.ones((8, 128)), x_sharding)
k = jax.random.key(0)

abstract_variables = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
logical_state_spec = nn.get_partition_spec(abstract_variables)
logical_state_sharding = nn.logical_to_mesh_sharding(logical_state_spec, mesh, rules)

jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                      in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding),
                      out_shardings=logical_state_sharding)

jit_train_step = jax.jit(train_step, in_shardings=(logical_state_sharding, x_sharding),
                         out_shardings=logical_state_sharding)

with mesh, nn.logical_axis_rules(rules):
  jit_init_fn.trace(k, x, model, optimizer).lower(lowering_platforms=('cuda',))
  state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  jit_train_step.trace(state, x).lower(lowering_platforms=('cuda',))
