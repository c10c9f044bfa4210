import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

L2_CLIP = 1.0


def loss_fn(model, x, y):
  logits = model(x[None])
  return -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(y[None], 10), -1))


def clipped_grad(model, x, y):
  grads = nnx.grad(loss_fn)(model, x, y)
  leaves = jax.tree.leaves(grads)
  norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in leaves))
  scale = jnp.minimum(1.0, L2_CLIP / (norm + 1e-6))
  grads = jax.tree.map(lambda g: g * scale, grads)
  # average the clipped per-example gradients across the vmapped batch
  return lax.pmean(grads, axis_name='batch')


per_example = nnx.vmap(clipped_grad, in_axes=(None, 0, 0), out_axes=None, axis_name='batch')
