import functools

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax.experimental import mesh_utils
from jax.sharding import Mesh, NamedSharding, PartitionSpec

from lm import TinyLM

mesh = Mesh(devices=mesh_utils.create_device_mesh((1, 4)), axis_names=('data', 'model'))


def mesh_sharding(pspec):
  return NamedSharding(mesh, pspec)


model = TinyLM()
optimizer = optax.adamw(1e-3)
tokens = jnp.zeros((4, 16), dtype=jnp.int32)
k = jax.random.key(0)


def init_fn(k, x, model, optimizer):
  variables = model.init(k, x)
  return train_state.TrainState.create(
      apply_fn=model.apply, params=variables['params'], tx=optimizer)


abstract_state = jax.eval_shape(
    functools.partial(init_fn, model=model, optimizer=optimizer), k, tokens)
state_sharding = nn.get_sharding(abstract_state, mesh)
x_sharding = mesh_sharding(PartitionSpec('data', None))


@functools.partial(jax.jit, in_shardings=(state_sharding, x_sharding),
                   out_shardings=state_sharding)
def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, tokens[:, :-1])
    return optax.softmax_cross_entropy_with_integer_labels(
        logits, tokens[:, 1:]).mean()
  grads = jax.grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads)


with mesh:
  print(train_step.trace(abstract_state, tokens).lower(
      lowering_platforms=('cuda',)).as_text()[:40])
