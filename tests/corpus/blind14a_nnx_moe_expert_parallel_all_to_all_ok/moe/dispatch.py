import jax.numpy as jnp
from jax import lax

EXPERT_AXIS = 'expert'


def to_experts(buffers):
  """[n_experts, capacity, d] local buffers -> this device's experts' tokens."""
  return lax.all_to_all(buffers, EXPERT_AXIS, 0, 0, tiled=True)


def from_experts(outputs):
  return lax.all_to_all(outputs, EXPERT_AXIS, 0, 0, tiled=True)


def route(logits, capacity):
  n_experts = logits.shape[-1]
  expert = jnp.argmax(logits, -1)
  onehot = jax_onehot(expert, n_experts)
  pos = (jnp.cumsum(onehot, 0) - 1) * onehot
  keep = (pos < capacity) & (onehot > 0)
  dispatch = keep[..., None] & (pos[..., None] == jnp.arange(capacity))
  return dispatch.astype(logits.dtype)  # [tokens, n_experts, capacity]


def jax_onehot(i, n):
  return (i[:, None] == jnp.arange(n)).astype(jnp.int32)
