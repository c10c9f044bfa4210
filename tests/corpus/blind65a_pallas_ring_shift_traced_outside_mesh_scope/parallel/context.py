"""Tiny mesh-context helpers, in the style of MaxText / EasyDeL utilities."""
import contextlib
import functools
import threading

import jax

_STATE = threading.local()


def current_mesh():
  return getattr(_STATE, "mesh", None)


@contextlib.contextmanager
def mesh_scope(mesh):
  prev = current_mesh()
  _STATE.mesh = mesh
  try:
    yield mesh
  finally:
    _STATE.mesh = prev


def spmd(in_specs, out_specs):
  """Runs `fn` per-device under shard_map on whatever mesh is active.

  Outside of a `mesh_scope` the function is called directly, which is handy for
  single-device debugging.
  """

  def decorator(fn):

    @functools.wraps(fn)
    def wrapper(*args):
      mesh = current_mesh()
      if mesh is None:
        return fn(*args)
      mapped = jax.shard_map(fn, mesh=mesh, in_specs=in_specs,
                             out_specs=out_specs, check_vma=False)
      return mapped(*args)

    return wrapper

  return decorator
