from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames='axis')
def global_norm(tree, axis):
  sq = sum(jnp.sum(g * g) for g in jax.tree.leaves(tree))
  return jnp.sqrt(jax.lax.psum(sq, axis))


@partial(jax.jit, static_argnames='axis')
def global_mean(tree, axis):
  return jax.tree.map(lambda g: jax.lax.pmean(g, axis), tree)
