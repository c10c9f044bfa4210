"""MaxText-style sharded training in Linen: logical axis annotations mapped to a (data, tensor)
mesh by rules, jax.jit with the shardings that nn.logical_to_mesh_sharding derives, and an
explicit shard_map'ed row-parallel matmul inside each MLP block."""
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax.training import train_state
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import LOGICAL_RULES, Decoder

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'tensor'))
model = Decoder(mesh)
tx = optax.adamw(1e-3)
tokens = jnp.zeros((4, 16), jnp.int32)


def init_state(rng):
  params = model.init(rng, tokens)['params']
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


abstract_state = jax.eval_shape(init_state, jax.random.key(0))
logical_specs = nn.get_partition_spec(abstract_state)
state_shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, LOGICAL_RULES)
data_sharding = NamedSharding(mesh, P('data'))


def train_step(state, tokens):
  def loss_fn(params):
    logits = state.apply_fn({'params': params}, tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits[:, :-1], tokens[:, 1:]).mean()
  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


with jax.set_mesh(mesh), nn.logical_axis_rules(LOGICAL_RULES):
  state = jax.jit(init_state, out_shardings=state_shardings)(jax.random.key(0))
  p_train_step = jax.jit(train_step, in_shardings=(state_shardings, data_sharding),
                         out_shardings=(state_shardings, None), donate_argnums=0)
  p_train_step.trace(state, tokens).lower(lowering_platforms=("cuda",))
