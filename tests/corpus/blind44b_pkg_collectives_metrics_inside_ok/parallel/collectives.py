import jax
import jax.numpy as jnp
from jax import lax


def all_reduce_mean(tree, axis_name="data"):
  """Mean-reduces every leaf of `tree` across the data-parallel replicas."""
  return jax.tree.map(lambda t: lax.pmean(t, axis_name), tree)


def clip_by_global_norm(grads, max_norm):
  leaves = jax.tree.leaves(grads)
  norm = jnp.sqrt(sum(jnp.sum(g * g) for g in leaves))
  scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
  return jax.tree.map(lambda g: g * scale, grads), norm
