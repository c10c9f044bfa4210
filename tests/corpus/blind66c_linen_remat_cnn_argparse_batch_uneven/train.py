from typing import Any

import jax
import optax
from flax.training import train_state


class TrainState(train_state.TrainState):
  batch_stats: Any


def create_train_state(rng, model, cfg, batch_size):
  x = jax.numpy.zeros((batch_size, cfg.image_size, cfg.image_size, 3))
  variables = model.init(rng, x, train=False)
  tx = optax.sgd(cfg.learning_rate, cfg.momentum)
  return TrainState.create(apply_fn=model.apply, params=variables["params"],
                           batch_stats=variables["batch_stats"], tx=tx)


def train_step(state, images, labels):
  def loss_fn(params):
    logits, updates = state.apply_fn(
        {"params": params, "batch_stats": state.batch_stats}, images,
        train=True, mutable=["batch_stats"])
    one_hot = jax.nn.one_hot(labels, logits.shape[-1])
    loss = optax.softmax_cross_entropy(logits, one_hot).mean()
    return loss, updates

  (loss, updates), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
  state = state.apply_gradients(grads=grads, batch_stats=updates["batch_stats"])
  return state, {"loss": loss}
