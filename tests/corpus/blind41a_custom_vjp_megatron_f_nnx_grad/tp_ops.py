import functools

import jax


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def copy_to_tp(x, axis):
  return x


def _copy_fwd(x, axis):
  return x, None


def _copy_bwd(axis, _, g):
  return (jax.lax.psum(g, axis),)


copy_to_tp.defvjp(_copy_fwd, _copy_bwd)
