"""Strategy objects: wrap a step function for the chosen kind of parallelism."""
from flax import nnx
from jax.sharding import PartitionSpec as P


class SequenceParallel:
  def __init__(self, mesh, axis_name='sp'):
    self.mesh = mesh
    self.axis_name = axis_name

  def __call__(self, fn):
    spec = P(None, self.axis_name)
    return nnx.jit(nnx.shard_map(fn, mesh=self.mesh, in_specs=(P(), spec), out_specs=spec))


class SingleDevice:
  def __init__(self, mesh=None, axis_name=None):
    del mesh, axis_name

  def __call__(self, fn):
    return nnx.jit(fn)


_STRATEGIES = {'sp': SequenceParallel, 'single': SingleDevice}


def get_strategy(name, mesh, axis_name):
  return _STRATEGIES[name](mesh, axis_name)
