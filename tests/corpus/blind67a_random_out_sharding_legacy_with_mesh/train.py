from functools import partial

import jax
import jax.numpy as jnp
import optax

import model

optimizer = optax.adamw(3e-4)


def loss_fn(params, tokens):
  logits = model.apply(params, tokens[:, :-1])
  return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()


@partial(jax.jit, donate_argnums=(0, 1))
def train_step(params, opt_state, tokens):
  loss, grads = jax.value_and_grad(loss_fn)(params, tokens)
  updates, opt_state = optimizer.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss
