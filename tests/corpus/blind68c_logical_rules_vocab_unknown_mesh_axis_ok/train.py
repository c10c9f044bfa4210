import functools

import jax
import jax.numpy as jnp
import optax

import sharding
from model import PARAM_AXES, forward


def loss_fn(params, batch, mesh):
  logits = forward(params, batch["inputs"], mesh)
  return optax.softmax_cross_entropy_with_integer_labels(logits, batch["targets"]).mean()


def make_train_step(mesh, optimizer):
  param_shardings = {k: sharding.named(mesh, v) for k, v in PARAM_AXES.items()}
  batch_sharding = sharding.named(mesh, ("batch", "length"))

  def train_step(params, opt_state, batch):
    loss, grads = jax.value_and_grad(loss_fn)(params, batch, mesh)
    updates, opt_state = optimizer.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  return jax.jit(
      train_step,
      in_shardings=(param_shardings, None, {"inputs": batch_sharding, "targets": batch_sharding}),
      out_shardings=(param_shardings, None, None),
      donate_argnums=(0, 1),
  )
