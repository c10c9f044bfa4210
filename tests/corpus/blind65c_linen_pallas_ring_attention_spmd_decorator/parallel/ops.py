import functools

import jax


def sharded(mesh, in_specs, out_specs):
  """Decorator: run `fn` once per device on its shard of the arguments."""

  def wrap(fn):
    @functools.wraps(fn)
    def per_shard(*args):
      return fn(*args)

    return jax.shard_map(per_shard, mesh=mesh, in_specs=in_specs, out_specs=out_specs)

  return wrap
