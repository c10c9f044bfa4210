import jax
from flax import nnx


def per_device_rngs(key, axis_name):
  """Different dropout masks on every data-parallel shard."""
  key = jax.random.fold_in(key, jax.lax.axis_index(axis_name))
  return nnx.Rngs(dropout=key)
