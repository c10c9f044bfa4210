import jax
import jax.numpy as jnp


def rope_offsets(local_len, axis_name):
  """Global token positions for this sequence shard."""
  return jax.lax.axis_index(axis_name) * local_len + jnp.arange(local_len)


def apply_rope(x, positions, base=10000.0):
  d = x.shape[-1] // 2
  freqs = base ** (-jnp.arange(d) / d)
  ang = positions[:, None] * freqs[None]
  x1, x2 = x[..., :d], x[..., d:]
  return jnp.concatenate([x1 * jnp.cos(ang) - x2 * jnp.sin(ang),
                          x1 * jnp.sin(ang) + x2 * jnp.cos(ang)], -1)
