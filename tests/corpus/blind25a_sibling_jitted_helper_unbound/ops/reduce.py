import functools

import jax


@functools.partial(jax.jit, static_argnames=('axis_name',))
def global_norm(grads, axis_name='dp'):
  sq = sum(jax.numpy.vdot(g, g) for g in jax.tree.leaves(grads))
  return jax.numpy.sqrt(jax.lax.psum(sq, axis_name))
