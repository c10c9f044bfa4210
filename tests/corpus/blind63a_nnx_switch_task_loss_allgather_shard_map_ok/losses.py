import jax
import jax.numpy as jnp
import optax
from jax import lax
from flax import nnx

DATA_AXIS = "data"


def supervised_loss(model, xq, xk, labels):
  logits = model.classifier(model(xq))
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return lax.pmean(loss, DATA_AXIS)


def contrastive_loss(model, xq, xk, labels, temperature=0.07):
  zq = model.projector(model(xq))
  zk = model.projector(model(xk))
  zq = zq / jnp.linalg.norm(zq, axis=-1, keepdims=True)
  zk = zk / jnp.linalg.norm(zk, axis=-1, keepdims=True)
  # negatives from every replica's keys
  keys = lax.all_gather(zk, DATA_AXIS, tiled=True)
  logits = zq @ keys.T / temperature
  local = zq.shape[0]
  targets = lax.axis_index(DATA_AXIS) * local + jnp.arange(local)
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
  return lax.pmean(loss, DATA_AXIS)


TASK_LOSSES = (supervised_loss, contrastive_loss)


def task_loss(model, task_id, xq, xk, labels):
  return nnx.switch(task_id, TASK_LOSSES, model, xq, xk, labels)
