"""The lm1b training step: weighted cross entropy, gradients averaged over the data axis."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


def compute_weighted_cross_entropy(logits, targets, weights):
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets)
  return (loss * weights).sum(), weights.sum()


def make_train_step(graphdef, axis_name):
  def train_step(state, batch):
    model, optimizer = nnx.merge(graphdef, state)
    inputs, targets = batch['inputs'], batch['targets']
    weights = jnp.where(targets > 0, 1.0, 0.0)

    def loss_fn(model):
      logits = model(inputs)
      return compute_weighted_cross_entropy(logits, targets, weights)

    (loss, weight_sum), grads = nnx.value_and_grad(loss_fn, has_aux=True)(model)
    grads = jax.lax.pmean(grads, axis_name)
    optimizer.update(model, grads)
    mean_loss = jax.lax.psum(loss, axis_name) / jax.lax.psum(weight_sum, axis_name)
    return nnx.state((model, optimizer)), mean_loss

  return train_step
