import jax


def sync_grads(grads, axis_name='batch'):
  return jax.tree.map(lambda g: jax.lax.pmean(g, axis_name) if g is not None else None, grads)
