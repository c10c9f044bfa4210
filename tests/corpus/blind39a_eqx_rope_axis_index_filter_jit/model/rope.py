import jax
import jax.numpy as jnp


def sequence_offset(local_len, axis_name="sp"):
    """Global position of this shard's first token under sequence parallelism."""
    return jax.lax.axis_index(axis_name) * local_len


def rotary(x, base=10000.0):
    t, d = x.shape
    pos = sequence_offset(t) + jnp.arange(t)
    inv = 1.0 / (base ** (jnp.arange(0, d, 2) / d))
    ang = pos[:, None] * inv[None, :]
    x1, x2 = x[:, ::2], x[:, 1::2]
    return jnp.concatenate([x1 * jnp.cos(ang) - x2 * jnp.sin(ang), x1 * jnp.sin(ang) + x2 * jnp.cos(ang)], -1)
