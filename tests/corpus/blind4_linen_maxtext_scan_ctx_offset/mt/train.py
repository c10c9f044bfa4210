"""Sharded train-state creation and jitted train step (MaxText train.py / maxtext_utils.py style)."""
import functools

from flax.training import train_state
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P


def get_abstract_state(model, tx, config, rng, mesh):
  def init_fn(rng):
    tokens = jnp.ones((config['per_device_batch'], config['seq_len']), jnp.int32)
    params = model.init(rng, tokens)['params']
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)

  abstract_state = jax.eval_shape(init_fn, rng)
  logical_specs = nn.get_partition_spec(abstract_state)
  with nn.logical_axis_rules(config['logical_axis_rules']):
    shardings = nn.logical_to_mesh_sharding(logical_specs, mesh, config['logical_axis_rules'])
  return init_fn, abstract_state, shardings


def setup_train_state(model, tx, config, rng, mesh):
  init_fn, _, state_shardings = get_abstract_state(model, tx, config, rng, mesh)
  with mesh, nn.logical_axis_rules(config['logical_axis_rules']):
    state = jax.jit(init_fn, in_shardings=None, out_shardings=state_shardings)(rng)
  return state, state_shardings


def loss_fn(model, params, batch):
  logits = model.apply({'params': params}, batch['inputs'])
  one_hot = jax.nn.one_hot(batch['targets'], logits.shape[-1])
  xent = optax.softmax_cross_entropy(logits, one_hot)
  return jnp.mean(xent), {'xent': xent}


def train_step(model, state, batch):
  grad_fn = jax.value_and_grad(functools.partial(loss_fn, model), has_aux=True)
  (loss, aux), grads = grad_fn(state.params, batch)
  new_state = state.apply_gradients(grads=grads)
  metrics = {'loss': loss, 'grad_norm': optax.global_norm(grads)}
  return new_state, metrics


def make_p_train_step(model, mesh, state_shardings, config):
  data_sharding = NamedSharding(mesh, P(('data', 'fsdp'), None))
  return jax.jit(
      functools.partial(train_step, model),
      in_shardings=(state_shardings, {'inputs': data_sharding, 'targets': data_sharding}),
      out_shardings=(state_shardings, None),
      donate_argnums=0,
  )
