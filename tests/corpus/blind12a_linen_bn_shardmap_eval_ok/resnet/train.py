from functools import partial
from typing import Any

import jax
import optax
from flax.training import train_state
from jax import lax
from jax.sharding import PartitionSpec as P

from .models import BN_AXIS


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_state(model, key, shape):
  variables = model.init(key, jax.numpy.ones(shape), train=False)
  return TrainState.create(apply_fn=model.apply, params=variables["params"],
                           batch_stats=variables["batch_stats"], tx=optax.sgd(0.1, 0.9))


def make_train_step(mesh):

  def step(state, images, labels):
    def loss_fn(params):
      logits, updates = state.apply_fn(
          {"params": params, "batch_stats": state.batch_stats}, images, train=True,
          mutable=["batch_stats"])
      loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
      return loss, updates
    (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = lax.pmean(grads, BN_AXIS)
    state = state.apply_gradients(grads=grads, batch_stats=updates["batch_stats"])
    return state, lax.pmean(loss, BN_AXIS)

  return jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P(BN_AXIS), P(BN_AXIS)),
                               out_specs=(P(), P())))


def make_eval_step():

  @partial(jax.jit, static_argnames=("top_k",))
  def evaluate(state, images, labels, top_k=1):
    logits = state.apply_fn({"params": state.params, "batch_stats": state.batch_stats},
                            images, train=False)
    top = jax.lax.top_k(logits, top_k)[1]
    return (top == labels[:, None]).any(-1).mean()

  return evaluate
