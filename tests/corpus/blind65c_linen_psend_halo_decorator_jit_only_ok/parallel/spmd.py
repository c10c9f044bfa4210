import functools

import jax


def per_device(mesh, in_specs, out_specs):
  """Compile `fn` as the program each device runs on its block of the inputs."""

  def decorator(fn):
    @functools.wraps(fn)
    def wrapper(*args):
      return fn(*args)

    return jax.jit(jax.shard_map(wrapper, mesh=mesh, in_specs=in_specs, out_specs=out_specs))

  return decorator
