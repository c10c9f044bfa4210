from typing import Sequence

import flax.linen as nn
import jax
import optax
from jax import lax


class MLP(nn.Module):
  features: Sequence[int]

  @nn.compact
  def __call__(self, x):
    for f in self.features[:-1]:
      x = nn.gelu(nn.Dense(f)(x))
    return nn.Dense(self.features[-1])(x)


def train_step(model, tx, params, opt_state, x, y):
  def loss_fn(p):
    logits = model.apply(p, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = lax.pmean(grads, 'data')
  loss = lax.pmean(loss, 'data')
  updates, opt_state = tx.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, loss
