import equinox as eqx


def batched_apply(model, x, axis_name=None):
  """Apply a per-example model to a batch."""
  return eqx.filter_vmap(model, axis_name=axis_name)(x)
