import jax


def per_device_rng(rng, axis_name='data'):
  """Different dropout masks on every data-parallel shard."""
  return jax.random.fold_in(rng, jax.lax.axis_index(axis_name))
