import jax
import jax.numpy as jnp
from jax import lax


def _zero_update(g):
  return jnp.zeros(g.shape, g.dtype)


def guarded_sgd(params, grads, lr=1e-2):
  """SGD step that skips the update when any gradient is non-finite."""
  finite = jnp.all(jnp.array([jnp.all(jnp.isfinite(g)) for g in jax.tree.leaves(grads)]))

  def step(p, g):
    upd = lax.cond(finite, lambda g: -lr * g, _zero_update, g)
    return p + upd

  return jax.tree.map(step, params, grads)
