import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class LogicalDotReluDot(nn.Module):
  depth: int
  dense_init: nn.initializers.Initializer = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_logical_partitioning(self.dense_init, ('embed', 'hidden')),
                 use_bias=False)(x)
    y = nn.relu(y)
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
      x = LogicalDotReluDot(self.depth, name=f'layer_{i}')(x)
    return x


rules = (('batch', 'data'), ('hidden', 'model'), ('embed', None))
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
model = LogicalMLP(num_layers=4, depth=1024)
optimizer = optax.adam(1e-3)
x = jnp.ones((8, 1024))
k = jax.random.key(0)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


with mesh, nn.logical_axis_rules(rules):
  abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_spec = nn.get_partition_spec(abstract_state)
  state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, rules)
  x_sharding = NamedSharding(mesh, P('data', None))

  jit_init = jax.jit(init_fn, static_argnums=(2, 3),
                     in_shardings=(NamedSharding(mesh, P()), x_sharding),
                     out_shardings=state_sharding)

  @functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding),
                     out_shardings=state_sharding)
  def train_step(state, x):
    def loss_unrolled(params):
      y = model.apply({'params': params}, x)
      return y.sum()
    grads = jax.grad(loss_unrolled)(state.params)
    return state.apply_gradients(grads=grads)

  jit_init.trace(k, x, model, optimizer).lower(lowering_platforms=('tpu',))
  train_step.trace(abstract_state, x).lower(lowering_platforms=('tpu',))
