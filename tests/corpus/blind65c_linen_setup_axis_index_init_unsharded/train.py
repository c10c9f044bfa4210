import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


def create_train_state(model, rng, mesh, cfg):
  x = jnp.zeros((cfg["batch"], cfg["seq_len"], cfg["in_dim"]), jnp.float32)
  variables = jax.jit(model.init)(rng, x)
  return train_state.TrainState.create(apply_fn=model.apply, params=variables["params"],
                                       tx=optax.adam(cfg["lr"]))


def train_step(state, x, y, *, seq_axis):
  def loss_fn(params):
    logits = state.apply_fn({"params": params}, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  grads = jax.lax.pmean(grads, seq_axis)
  return state.apply_gradients(grads=grads), loss
