import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import AxisType, NamedSharding, PartitionSpec

from layers import ScannedStack

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)
rules = (('batch', 'data'), ('hidden', 'model'), ('embed', None), ('layers', None))

model = ScannedStack(num_layers=4, depth=256)
optimizer = optax.adam(1e-3)
x_sharding = NamedSharding(mesh, PartitionSpec('data', None))


def init_fn(key, x, model, optimizer):
  variables = model.init(key, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables['params'],
                                       tx=optimizer)


def train_step(state, x):
  def loss_fn(params):
    y = state.apply_fn({'params': params}, x)
    return jnp.mean(y ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


x = jax.device_put(jnp.ones((16, 64)), x_sharding)
k = jax.random.key(0)

with jax.set_mesh(mesh), nn.logical_axis_rules(rules):
  abstract_state = jax.eval_shape(functools.partial(init_fn, model=model, optimizer=optimizer),
                                  k, x)
  state_spec = nn.get_partition_spec(abstract_state)
  state_sharding = nn.logical_to_mesh_sharding(state_spec, mesh, rules)

  jit_init = jax.jit(init_fn, static_argnums=(2, 3),
                     in_shardings=(NamedSharding(mesh, PartitionSpec()), x_sharding),
                     out_shardings=state_sharding)
  jit_step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                     out_shardings=(state_sharding, None))

  state = jit_init(k, x, model, optimizer)
  jit_step.trace(state, x).lower(lowering_platforms=('cuda',))
