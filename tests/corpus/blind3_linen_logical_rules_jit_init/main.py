import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, PartitionSpec

LOGICAL_RULES = (('batch', 'data'), ('hidden', 'model'), ('embed', None))


class DotReluDot(nn.Module):
  depth: int
  dense_init: nn.initializers.Initializer = nn.initializers.xavier_normal()

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.depth,
                 kernel_init=nn.with_logical_partitioning(self.dense_init, ('embed', 'hidden')),
                 use_bias=False)(x)
    y = jax.nn.relu(y)
    y = nn.with_logical_constraint(y, ('batch', 'hidden'))
    W2 = self.param('W2', nn.with_logical_partitioning(self.dense_init, ('hidden', 'embed')),
                    (self.depth, x.shape[-1]))
    z = jnp.dot(y, W2)
    z = nn.with_logical_constraint(z, ('batch', 'embed'))
    return z


class MLP(nn.Module):
  num_layers: int
  depth: int

  @nn.compact
  def __call__(self, x):
    for i in range(self.num_layers):
      x = DotReluDot(self.depth, name=f'layer{i}')(x)
    return x


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'], tx=optimizer)


def train_step(state, x):
  def loss_fn(params):
    y = state.apply_fn({'params': params}, x)
    return jnp.mean(y ** 2)
  grads = jax.grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
  model = MLP(num_layers=2, depth=32)
  optimizer = optax.adam(1e-3)
  x = jnp.ones((8, 16))
  k = jax.random.key(0)

  abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_spec = nn.get_partition_spec(abstract_state)
  with mesh, nn.logical_axis_rules(LOGICAL_RULES):
    state_sharding = nn.logical_to_mesh_sharding(logical_spec, mesh, LOGICAL_RULES)
    x_sharding = jax.sharding.NamedSharding(mesh, PartitionSpec('data', None))
    jit_init = jax.jit(init_fn, static_argnums=(2, 3), in_shardings=(None, x_sharding),
                       out_shardings=state_sharding)
    jit_init.trace(k, x, model, optimizer).lower(lowering_platforms=('tpu',))
    jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                       out_shardings=state_sharding, donate_argnums=0)
    jit_step.trace(abstract_state, x).lower(lowering_platforms=('tpu',))
