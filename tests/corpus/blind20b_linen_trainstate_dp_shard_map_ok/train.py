import functools

import jax
import jax.numpy as jnp
import optax
from flax.training import train_state
from jax.sharding import PartitionSpec as P


def create_train_state(model, rng, lr, momentum, image_shape):
  params = model.init(rng, jnp.ones((1, *image_shape)))["params"]
  tx = optax.sgd(lr, momentum)
  return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


def make_train_step(mesh, axis):
  @jax.jit
  @functools.partial(jax.shard_map, mesh=mesh,
                     in_specs=(P(), P(axis), P(axis)), out_specs=(P(), P()))
  def train_step(state, images, labels):
    def loss_fn(params):
      logits = state.apply_fn({"params": params}, images)
      one_hot = jax.nn.one_hot(labels, 10)
      return optax.softmax_cross_entropy(logits, one_hot).mean(), logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    grads = jax.lax.pmean(grads, axis_name=axis)
    state = state.apply_gradients(grads=grads)
    metrics = {"loss": loss, "accuracy": jnp.mean(jnp.argmax(logits, -1) == labels)}
    return state, jax.lax.pmean(metrics, axis_name=axis)

  return train_step
