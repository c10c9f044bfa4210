import jax
import jax.numpy as jnp
from jax import lax

from greedy.comm import handoff


def stage_forward(params, x):
  w, head = params
  h = jax.nn.relu(x @ w)
  return h, h @ head


def local_objective(params, x, y):
  h, logits = stage_forward(params, x)
  loss = jnp.mean(jax.nn.log_softmax(logits) * -y)
  return loss, h


def train_tick(params, x, y, axis, n):
  (loss, h), grads = jax.value_and_grad(local_objective, has_aux=True)(params, x, y)
  params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
  nxt = handoff(h, axis, n)
  first = lax.axis_index(axis) == 0
  return params, jnp.where(first, x, nxt), loss
