import jax
import jax.numpy as jnp
import optax
from jax import lax

from train.model import forward


def loss_fn(params, x, labels):
  logits = forward(params, x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def accumulate_gradients(params, xs, labels):
  """xs: [num_micro, micro_batch, d_model]."""
  grad_fn = jax.value_and_grad(loss_fn)

  def body(carry, mb):
    loss_acc, grad_acc = carry
    x, y = mb
    loss, grads = grad_fn(params, x, y)
    grad_acc = jax.tree.map(jnp.add, grad_acc, grads)
    return (loss_acc + loss, grad_acc), None

  init = (jnp.zeros((), jnp.float32),
          jax.tree.map(lambda p: jnp.zeros(p.shape, p.dtype), params))
  (loss, grads), _ = lax.scan(body, init, (xs, labels))
  n = xs.shape[0]
  return loss / n, jax.tree.map(lambda g: g / n, grads)
