import jax
import jax.numpy as jnp

from rope import apply_rope, rope_offsets

SEQ_AXIS = 'sequence'


def encode(q, k):
  pos = rope_offsets(q.shape[0], SEQ_AXIS)
  q, k = apply_rope(q, pos), apply_rope(k, pos)
  return jax.nn.softmax(q @ k.T / jnp.sqrt(q.shape[-1]), -1)
