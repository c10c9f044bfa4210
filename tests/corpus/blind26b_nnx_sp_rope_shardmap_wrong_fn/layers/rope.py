import jax
import jax.numpy as jnp


def sharded_positions(local_len, axis_name):
  offset = jax.lax.axis_index(axis_name) * local_len
  return offset + jnp.arange(local_len)


def apply_rope(x, positions, base=10000.0):
  d = x.shape[-1] // 2
  freqs = base ** (-jnp.arange(d) / d)
  ang = positions[:, None] * freqs[None, :]
  sin, cos = jnp.sin(ang)[:, None, :], jnp.cos(ang)[:, None, :]
  x1, x2 = x[..., :d], x[..., d:]
  return jnp.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)
