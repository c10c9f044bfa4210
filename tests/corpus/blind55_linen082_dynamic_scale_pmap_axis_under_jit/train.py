import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from flax.training import dynamic_scale as dynamic_scale_lib
from flax.training import train_state


class TrainState(train_state.TrainState):
  batch_stats: dict
  dynamic_scale: dynamic_scale_lib.DynamicScale


def train_step(state, batch):
  def loss_fn(params):
    logits, new_model_state = state.apply_fn(
        {"params": params, "batch_stats": state.batch_stats},
        batch["image"], train=True, mutable=["batch_stats"])
    loss = optax.softmax_cross_entropy_with_integer_labels(
        logits.astype(jnp.float32), batch["label"]).mean()
    return loss, (new_model_state, logits)

  dynamic_scale = state.dynamic_scale
  grad_fn = dynamic_scale.value_and_grad(loss_fn, has_aux=True, axis_name="batch")
  dynamic_scale, is_fin, aux, grads = grad_fn(state.params)
  new_model_state, _ = aux[1]
  new_state = state.apply_gradients(grads=grads, batch_stats=new_model_state["batch_stats"])
  select_fn = functools.partial(jnp.where, is_fin)
  new_state = new_state.replace(
      opt_state=jax.tree.map(select_fn, new_state.opt_state, state.opt_state),
      params=jax.tree.map(select_fn, new_state.params, state.params),
      dynamic_scale=dynamic_scale)
  return new_state, aux[0]
