from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(1,))
def gather(x, axis_name):
  return jax.lax.all_gather(x, axis_name, tiled=True)


def gather_fwd(x, axis_name):
  return gather(x, axis_name), None


def gather_bwd(axis_name, res, g):
  return (jax.lax.psum_scatter(g, axis_name, tiled=True),)


gather.defvjp(gather_fwd, gather_bwd)
