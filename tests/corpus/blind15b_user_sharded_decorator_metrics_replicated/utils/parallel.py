import functools
import time

import jax


def timed(fn):
  @functools.wraps(fn)
  def wrapper(*args, **kwargs):
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    print(f'{fn.__name__}: {time.perf_counter() - t0:.3f}s')
    return out
  return wrapper


def sharded(mesh, in_specs, out_specs):
  def deco(fn):
    mapped = jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)

    @functools.wraps(fn)
    def wrapper(*args):
      return mapped(*args)
    return wrapper
  return deco
