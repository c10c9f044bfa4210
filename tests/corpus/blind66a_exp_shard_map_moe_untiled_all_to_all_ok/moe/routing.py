import jax
import jax.numpy as jnp
from jax import lax as L

import config


def top1_dispatch_mask(x, w_router, capacity=config.CAPACITY):
  """Returns the [tokens, experts, capacity] dispatch mask and the gate values."""
  probs = jax.nn.softmax(x @ w_router, axis=-1)
  expert = jnp.argmax(probs, axis=-1)
  onehot = jax.nn.one_hot(expert, probs.shape[-1], dtype=x.dtype)
  position = (jnp.cumsum(onehot, axis=0) - 1.0) * onehot
  in_capacity = (position < capacity) * onehot
  mask = in_capacity[..., None] * jax.nn.one_hot(position, capacity, dtype=x.dtype)
  gate = jnp.sum(probs * onehot, axis=-1)
  return mask, gate


def send_to_experts(buckets, axis_name=config.EXPERT_AXIS):
  """[experts, capacity, d] -> [experts / n, n * capacity, d]: our experts' buckets from every device."""
  return L.all_to_all(buckets, axis_name, split_axis=0, concat_axis=1, tiled=True)


def return_from_experts(buckets, axis_name=config.EXPERT_AXIS):
  """[experts / n, n * capacity, d] -> [experts, capacity, d]."""
  return L.all_to_all(buckets, axis_name, split_axis=1, concat_axis=0, tiled=True)
