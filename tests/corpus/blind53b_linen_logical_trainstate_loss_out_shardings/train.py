import functools

import jax
import flax.linen as nn
from flax.training import train_state
from jax.sharding import NamedSharding, PartitionSpec

RULES = (('batch', 'data'), ('hidden', 'model'))


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(
      apply_fn=model.apply, params=variables['params'], tx=optimizer)


def state_shardings(model, optimizer, mesh, k, x):
  abstract_state = jax.eval_shape(
      functools.partial(init_fn, model=model, optimizer=optimizer), k, x)
  logical_state_spec = nn.get_partition_spec(abstract_state)
  return nn.logical_to_mesh_sharding(logical_state_spec, mesh, RULES)


def make_train_step(model, state_sharding, x_sharding):
  @functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding),
                     out_shardings=state_sharding)
  def train_step(state, x):
    def loss_unrolled(params):
      y = model.apply({'params': params}, x)
      return y.sum()
    loss, grads = jax.value_and_grad(loss_unrolled)(state.params)
    return state.apply_gradients(grads=grads), loss

  return train_step
