import functools

import jax


def spmd(mesh, in_specs, out_specs):
  """Decorator: run the function once per device of `mesh` (manual SPMD)."""
  def wrap(fn):
    @functools.wraps(fn)
    def inner(*args):
      return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs,
                           check_vma=False)(*args)
    return inner
  return wrap
