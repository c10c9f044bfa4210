import functools

import jax
import optax
import flax.linen as nn
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from model import MLP
from train import init_fn, train_step

device_mesh = mesh_utils.create_device_mesh((2, 2))
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))


def mesh_sharding(pspec: PartitionSpec) -> NamedSharding:
  return NamedSharding(mesh, pspec)


model = MLP(num_layers=4, depth=1024, mesh=mesh)
optimizer = optax.adam(learning_rate=0.001)
k = jax.random.PRNGKey(0)
x = jax.random.normal(jax.random.PRNGKey(1), (8, 1024))
x_sharding = mesh_sharding(PartitionSpec('data', None))
x = jax.device_put(x, x_sharding)

abstract_variables = jax.eval_shape(
    functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
state_sharding = nn.get_sharding(abstract_variables, mesh)

jit_init_fn = jax.jit(init_fn, static_argnums=(2, 3),
                      in_shardings=(mesh_sharding(PartitionSpec()), x_sharding),
                      out_shardings=state_sharding)

with mesh:
  initialized_state = jit_init_fn(k, x, model, optimizer)
  step = jax.jit(train_step, in_shardings=(state_sharding, x_sharding),
                 out_shardings=state_sharding)
  print(step.trace(initialized_state, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
