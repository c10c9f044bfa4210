import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax import random
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from model import LogicalMLP

device_mesh = mesh_utils.create_device_mesh((2, 2))
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))


def mesh_sharding(pspec: PartitionSpec) -> NamedSharding:
  return NamedSharding(mesh, pspec)


# Unspecified rule means unsharded by default, so no need to specify `('embed', None)` and `('layer', None)`.
rules = (('batch', 'data'),
         ('hidden', 'model'))

BATCH, LAYERS, DEPTH, USE_SCAN = 8, 4, 256, True
x = jnp.ones((BATCH, DEPTH))
k = random.key(0)
optimizer = optax.adam(learning_rate=0.001)
logical_model = LogicalMLP(LAYERS, DEPTH, USE_SCAN, mesh)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  state = train_state.TrainState.create(
    apply_fn=model.apply,
    params=variables['params'],
    tx=optimizer)
  return state


with mesh, nn.logical_axis_rules(rules):
  x_sharding = mesh_sharding(PartitionSpec('data', None))
  logical_abstract_variables = jax.eval_shape(
      functools.partial(init_fn, model=logical_model, optimizer=optimizer), k, x)
  logical_state_spec = nn.get_partition_spec(logical_abstract_variables)
  logical_state_sharding = nn.logical_to_mesh_sharding(logical_state_spec, mesh, rules)

  logical_jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                                in_shardings=(mesh_sharding(PartitionSpec()), x_sharding),
                                out_shardings=logical_state_sharding)
  print(logical_jit_init_fn.trace(k, x, logical_model, optimizer).lower(
      lowering_platforms=('cuda',)).as_text()[:40])

  @functools.partial(jax.jit, in_shardings=(logical_state_sharding, x_sharding),
                     out_shardings=logical_state_sharding)
  def train_step(state, x):
    def loss_unrolled(params):
      y = logical_model.apply({'params': params}, x)
      return y.sum()
    grads = jax.grad(loss_unrolled)(state.params)
    return state.apply_gradients(grads=grads)

  print(train_step.trace(logical_abstract_variables, x).lower(
      lowering_platforms=('cuda',)).as_text()[:40])
