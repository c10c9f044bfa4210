import jax.numpy as jnp
from jax import lax


def exchange_halo(x, axis_name, num_shards, width=1):
  """x: [batch, local_height, width, channels]. Returns x padded with `width` rows from the
  neighbouring shards (zeros at the image border)."""
  to_next = [(i, i + 1) for i in range(num_shards - 1)]
  to_prev = [(i + 1, i) for i in range(num_shards - 1)]
  from_above = lax.ppermute(x[:, -width:], axis_name, perm=to_next)
  from_below = lax.ppermute(x[:, :width], axis_name, perm=to_prev)
  return jnp.concatenate([from_above, x, from_below], axis=1)
