from jax import lax as L


def global_mean(tree, axis_name="data"):
  """Average scalars across data-parallel replicas for logging."""
  return L.pmean(tree, axis_name)
