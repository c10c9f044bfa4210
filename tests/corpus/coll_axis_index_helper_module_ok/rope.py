import jax.numpy as jnp
from jax import lax


def positions(seq_len_local, axis="sp"):
    """Global token positions of this sequence shard."""
    shard = lax.axis_index(axis)
    return shard * seq_len_local + jnp.arange(seq_len_local)


def apply_rope(x, axis="sp"):
    pos = positions(x.shape[0], axis)
    freqs = pos[:, None] / (10000 ** (jnp.arange(x.shape[1] // 2) / x.shape[1]))
    return jnp.concatenate([x[:, ::2] * jnp.cos(freqs), x[:, 1::2] * jnp.sin(freqs)], axis=-1)
