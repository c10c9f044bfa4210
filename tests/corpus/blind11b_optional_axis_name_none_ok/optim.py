import jax
import jax.numpy as jnp


def sgd_momentum(params, grads, mom, *, lr=1e-2, beta=0.9, axis_name=None):
  if axis_name is not None:
    grads = jax.lax.pmean(grads, axis_name)
  mom = jax.tree.map(lambda m, g: beta * m + g, mom, grads)
  params = jax.tree.map(lambda p, m: p - lr * m, params, mom)
  return params, mom
