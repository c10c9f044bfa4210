import flax
from flax import nnx

_FLAX_VERSION = tuple(int(p) for p in flax.__version__.split('.')[:2])


def shard_map(f=None, *, check=True, **kwargs):
  if _FLAX_VERSION >= (0, 12):
    kwargs['check_vma'] = check
  else:
    kwargs['check_rep'] = check
  if f is None:
    return lambda g: nnx.shard_map(g, **kwargs)
  return nnx.shard_map(f, **kwargs)
