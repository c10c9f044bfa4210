import functools

import jax
from jax.sharding import NamedSharding, PartitionSpec


def _named(mesh, specs):
  return jax.tree.map(lambda s: NamedSharding(mesh, s), specs,
                      is_leaf=lambda s: isinstance(s, PartitionSpec))


def per_device(mesh, in_specs, out_specs):
  """Compile `fn` as the program each device runs on its block of the inputs."""

  def decorator(fn):
    @functools.wraps(fn)
    def wrapper(*args):
      return fn(*args)

    return jax.jit(wrapper, in_shardings=_named(mesh, in_specs),
                   out_shardings=_named(mesh, out_specs))

  return decorator
