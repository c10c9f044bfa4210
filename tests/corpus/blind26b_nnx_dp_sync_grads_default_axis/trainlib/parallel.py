import jax


def sync_grads(grads, axis_name='batch'):
  """Average gradients across data-parallel replicas."""
  return jax.lax.pmean(grads, axis_name=axis_name)


def sync_metrics(metrics, axis_name='batch'):
  return jax.tree.map(lambda m: jax.lax.pmean(m, axis_name), metrics)
