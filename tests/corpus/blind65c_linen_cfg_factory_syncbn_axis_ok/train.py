from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import PartitionSpec as P


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_train_state(model, rng, image_shape, cfg):
  variables = model.init(rng, jnp.zeros(image_shape, jnp.float32), train=False)
  tx = optax.sgd(cfg.learning_rate, momentum=cfg.momentum)
  return TrainState.create(
      apply_fn=model.apply,
      params=variables["params"],
      batch_stats=variables["batch_stats"],
      tx=tx,
  )


def make_train_step(model, mesh, cfg):
  (batch_axis,) = cfg.mesh.axes

  def train_step(state, images, labels):
    def loss_fn(params):
      logits, new_model_state = state.apply_fn(
          {"params": params, "batch_stats": state.batch_stats},
          images, train=True, mutable=["batch_stats"])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, new_model_state

    (loss, new_model_state), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = lax.pmean(grads, axis_name=batch_axis)
    loss = lax.pmean(loss, axis_name=batch_axis)
    state = state.apply_gradients(grads=grads, batch_stats=new_model_state["batch_stats"])
    return state, loss

  sharded = jax.shard_map(
      train_step, mesh=mesh,
      in_specs=(P(), P(batch_axis), P(batch_axis)),
      out_specs=(P(), P()))
  return jax.jit(sharded, donate_argnums=0)
