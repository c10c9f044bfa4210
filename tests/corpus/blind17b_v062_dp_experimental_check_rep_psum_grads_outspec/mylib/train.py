from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

from .model import predict


def loss_fn(params, batch):
  inputs, targets = batch
  preds = predict(params, inputs)
  return jnp.mean(jnp.sum((preds - targets) ** 2, axis=-1))


def make_loss(mesh, axis):
  @partial(shard_map, mesh=mesh, in_specs=(P(), P(axis)), out_specs=(P(), P()))
  def grads_dp(params, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch)
    grads = jax.lax.pmean(grads, axis)
    return loss, grads
  return grads_dp


def make_train_step(grads_fn, tx):
  def train_step(params, opt_state, batch):
    loss, grads = grads_fn(params, batch)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss
  return train_step
