import functools

from jax import lax
from jax.experimental.shard_map import shard_map


def spmd(mesh, in_specs, out_specs):
  """Decorator: run `fn` per device under shard_map."""

  def deco(fn):
    mapped = shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)

    @functools.wraps(fn)
    def wrapper(*args):
      return mapped(*args)

    return wrapper

  return deco


def combine_experts(partial_out, axis_name):
  return lax.psum(partial_out, axis_name)
