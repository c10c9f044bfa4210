from jax import lax


def cross_replica_mean(x, axis_names):
  """Mean over every named axis in turn (per-example vmap axis, then devices)."""
  for name in axis_names:
    x = lax.pmean(x, name)
  return x
