import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from configs import default
from model import MLP

config = default.get_config()
n_dev = jax.device_count()
device_mesh = mesh_utils.create_device_mesh(
    (n_dev // config.model_parallelism, config.model_parallelism))
mesh = Mesh(devices=device_mesh, axis_names=('data', 'model'))

model = MLP(num_layers=config.depth, depth=config.hidden)
optimizer = optax.adam(learning_rate=config.learning_rate)

x_sharding = NamedSharding(mesh, PartitionSpec('data', None))
x = jnp.ones((config.batch_size, 32), jnp.float32)
k = jax.random.key(0)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  state = train_state.TrainState.create(
      apply_fn=model.apply, params=variables['params'], tx=optimizer)
  return state


with mesh:
  abstract_variables = jax.eval_shape(
      functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
state_sharding = nn.get_sharding(abstract_variables, mesh)


@functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding),
                   out_shardings=state_sharding)
def train_step(state, x):
  def loss_unrolled(params):
    y = model.apply({'params': params}, x)
    return y.sum()

  grad_fn = jax.grad(loss_unrolled)
  grads = grad_fn(state.params)
  state = state.apply_gradients(grads=grads)
  return state


with mesh:
  lowered = train_step.trace(abstract_variables, x).lower(
      lowering_platforms=('cuda',))
print(lowered.as_text()[:40])
