import jax
import jax.numpy as jnp
from jax import lax


def global_norm(tree, axis_name):
  sq = sum(jnp.sum(jnp.square(g)) for g in jax.tree.leaves(tree))
  return jnp.sqrt(lax.psum(sq, axis_name))


def clip_by_global_norm(tree, max_norm, axis_name):
  norm = global_norm(tree, axis_name)
  has_nan = lax.pmax(jnp.isnan(norm).astype(jnp.int32), axis_name)
  scale = jnp.where(has_nan > 0, 0.0, jnp.minimum(1.0, max_norm / (norm + 1e-6)))
  return jax.tree.map(lambda g: g * scale, tree), norm
