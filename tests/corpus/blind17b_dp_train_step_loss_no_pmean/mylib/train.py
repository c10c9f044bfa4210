from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from .model import predict


def make_loss(mesh, axis):
  @partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(axis)), out_specs=P())
  def loss_dp(params, batch):
    inputs, targets = batch
    preds = predict(params, inputs)
    local_loss = jnp.mean(jnp.sum((preds - targets) ** 2, axis=-1))
    return local_loss
  return loss_dp


def make_train_step(loss_fn, tx):
  def train_step(params, opt_state, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss
  return train_step
